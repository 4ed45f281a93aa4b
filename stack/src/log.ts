export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export function createLogger(quiet: boolean): Logger {
  const stamp = () => new Date().toISOString().slice(11, 23);
  return {
    info: (message) => {
      if (!quiet) console.log(`${stamp()} ${message}`);
    },
    warn: (message) => console.warn(`${stamp()} ${message}`),
    error: (message, error) => console.error(`${stamp()} ${message}`, error ?? ''),
  };
}
