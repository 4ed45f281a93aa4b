import { Link } from 'wouter';
import { FormError } from '../../../components/ui/form-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useUserId } from '../../auth/store.ts';
import { cancelBulk, importFile, useBulk } from '../bulk.ts';
import { ExistingChoice } from './choices.tsx';
import { ImportReport } from './import-report.tsx';

/** An export file from Mealie, Tandoor, Paprika or KitchenOwl, Grocy's database, or a schema.org JSON file: many recipes at once. */
export function ExportFileForm() {
  const userId = useUserId()!;
  const { running, done, total, cancelled, problem, report, fromGrocy } = useBulk();
  return (
    <section aria-labelledby="export-h" className="stack card">
      <h2 id="export-h">From another app</h2>
      <div className="field">
        <label htmlFor="export-file">Export file</label>
        <input
          id="export-file"
          aria-describedby="export-file-kinds"
          type="file"
          accept=".zip,.paprikarecipes,.json,.db,.sqlite,application/zip,application/json,application/vnd.sqlite3"
          disabled={running}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void importFile(userId, file);
            e.target.value = '';
          }}
        />
        <small id="export-file-kinds" className="hint">
          Mealie's .zip, Tandoor's .zip, Paprika's .paprikarecipes, KitchenOwl's .json, Grocy's grocy.db (or
          its data folder zipped, for the pictures), or a schema.org .json file.
        </small>
      </div>
      <ExistingChoice name="file-on-existing" />
      {running ? (
        <div className="row">
          <progress max={total || 1} value={done} aria-label="Recipes imported">
            {done} of {total}
          </progress>
          <span>
            {done} of {total || '…'}
          </span>
          <button type="button" className="button small" onClick={cancelBulk}>
            Cancel
          </button>
        </div>
      ) : null}
      <FormError message={problem} />
      {!running && cancelled ? (
        <p>
          Cancelled: {total - done} of {total} recipes were not imported. Those saved are whole.
        </p>
      ) : null}
      {!running && report.length > 0 ? <ImportReport report={report} /> : null}
      {!running && fromGrocy && report.length > 0 ? (
        <p>
          The same file brings the rest of Grocy: your <Link href={paths.planner}>meal plan</Link>, your{' '}
          <Link href={paths.pantry}>pantry</Link> and your <Link href={paths.shopping}>shopping list</Link> (
          <em>Bring … from Grocy</em> at the foot of each).
        </p>
      ) : null}
    </section>
  );
}
