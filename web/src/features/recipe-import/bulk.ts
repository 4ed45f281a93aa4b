import { proxy, useSnapshot } from 'valtio';
import { describeError } from '../../lib/errors.ts';
import type { ReportLine } from './store.ts';

export interface BulkState {
  running: boolean;
  done: number;
  total: number;
  /** Cancel was pressed with recipes still to go: the report says how many were not started. */
  cancelled: boolean;
  problem: string | null;
  report: ReportLine[];
  /** The file was Grocy's: its meal plan, stock and shopping list can come from it too. */
  fromGrocy: boolean;
}

const IDLE: BulkState = {
  running: false,
  done: 0,
  total: 0,
  cancelled: false,
  problem: null,
  report: [],
  fromGrocy: false,
};

export const bulk = proxy<BulkState>({ ...IDLE, report: [] });
let cancelled = false;

export function cancelBulk(): void {
  cancelled = true;
}

/**
 * Imports every recipe of an export file (read in the browser: see docs/decisions.md), one at a
 * time, each whole or not at all; lines are matched as the page import matches them, unsure or
 * unmatched ones kept as text. Cancel stops before the next recipe. Importing the same file again
 * updates the earlier copies (keyed by source and source id), or leaves them as they were when the
 * person chose to; a photo comes along on first import.
 */
export async function importFile(userId: string, file: File): Promise<void> {
  cancelled = false;
  Object.assign(bulk, { ...IDLE, running: true, report: [] });
  try {
    // Reading export files (zip, each app's format) and matching their lines load on first use.
    const { importExportFile } = await import('./bulk-import.ts');
    await importExportFile(userId, file, bulk, () => cancelled);
  } catch (error) {
    bulk.problem = describeError(error).message;
  } finally {
    bulk.running = false;
  }
}

export function useBulk(): Readonly<BulkState> {
  return useSnapshot(bulk) as Readonly<BulkState>;
}
