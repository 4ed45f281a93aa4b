import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parse } from 'smol-toml';

/** How one function is served: what `supabase/config.toml`'s `[functions.<name>]` says. */
export interface FunctionSpec {
  name: string;
  /** Absolute path of the entry module (`index.ts` unless config.toml names another). */
  entrypoint: string;
  /** The deno.json (or import map) that maps the function's bare imports, if any. */
  config: string | undefined;
  /** Supabase's default is true: the gateway refuses calls without a valid JWT. */
  verifyJwt: boolean;
}

/** The folder names the Supabase CLI serves and deploys: `_shared` and dotfiles are not functions. */
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

interface TomlFunction {
  verify_jwt?: unknown;
  entrypoint?: unknown;
  import_map?: unknown;
  enabled?: unknown;
}

/**
 * Reads function specs from the repository, re-reading config.toml only when it changes, so
 * an edit to `verify_jwt` applies to the next request as with `supabase functions serve`.
 */
export class FunctionCatalog {
  private readonly functionsDir: string;
  private readonly configPath: string;
  private cachedAt = -1;
  private sections: Record<string, TomlFunction> = {};

  constructor(private readonly root: string) {
    this.functionsDir = join(root, 'supabase', 'functions');
    this.configPath = join(root, 'supabase', 'config.toml');
  }

  get directory(): string {
    return this.functionsDir;
  }

  /** The spec of `name`, or undefined when no such function exists. */
  find(name: string): FunctionSpec | undefined {
    if (!FUNCTION_NAME.test(name)) return undefined;
    const section = this.readConfig()[name] ?? {};
    const dir = join(this.functionsDir, name);
    const entrypoint =
      typeof section.entrypoint === 'string'
        ? this.fromSupabaseDir(section.entrypoint)
        : join(dir, 'index.ts');
    if (section.enabled === false || !isFile(entrypoint)) return undefined;
    const importMap =
      typeof section.import_map === 'string' ? this.fromSupabaseDir(section.import_map) : undefined;
    const denoJson = [join(dir, 'deno.json'), join(dir, 'deno.jsonc')].find(isFile);
    return {
      name,
      entrypoint,
      config: importMap ?? denoJson,
      verifyJwt: section.verify_jwt !== false,
    };
  }

  private fromSupabaseDir(path: string): string {
    return isAbsolute(path) ? path : resolve(this.root, 'supabase', path);
  }

  private readConfig(): Record<string, TomlFunction> {
    let mtime: number;
    try {
      mtime = statSync(this.configPath).mtimeMs;
    } catch {
      this.sections = {};
      this.cachedAt = -1;
      return this.sections;
    }
    if (mtime !== this.cachedAt) {
      const toml = parse(readFileSync(this.configPath, 'utf8')) as {
        functions?: Record<string, TomlFunction>;
      };
      this.sections = toml.functions ?? {};
      this.cachedAt = mtime;
    }
    return this.sections;
  }
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
