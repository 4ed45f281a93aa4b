import { type FormEvent, useState } from 'react';
import { Field, TextAreaField } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { readPage, setMeasures, useImporter } from '../store.ts';
import { Choices, ExistingChoice } from './choices.tsx';

/** Where the recipe comes from: a page's address, or its source pasted in; and whose cups. */
export function ImportForm() {
  const { measures, status, problem } = useImporter();
  const [by, setBy] = useState<'url' | 'html'>('url');
  const [url, setUrl] = useState('');
  const [html, setHtml] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = by === 'url' ? url.trim() : html;
    if (text.trim() === '') {
      setMissing(by === 'url' ? 'Enter the address of a recipe page.' : 'Paste the page source.');
      return;
    }
    setMissing(null);
    void readPage(by === 'url' ? { url: text } : { html: text });
  };
  return (
    <form className="stack import-form card" aria-labelledby="web-import-h" onSubmit={submit} noValidate>
      <h2 id="web-import-h">From the web</h2>
      <Choices
        legend="Bring a recipe from"
        name="by"
        value={by}
        onChange={setBy}
        options={[
          ['url', 'A web page'],
          ['html', 'A page source I paste'],
        ]}
      />
      {by === 'url' ? (
        <Field
          label="Address of the recipe page"
          type="url"
          inputMode="url"
          autoComplete="off"
          value={url}
          error={missing}
          onChange={(e) => setUrl(e.target.value)}
        />
      ) : (
        <TextAreaField
          label="Page source"
          hint="For a page behind a sign-in: open it, view its source, copy all and paste it here."
          rows={6}
          value={html}
          error={missing}
          onChange={(e) => setHtml(e.target.value)}
        />
      )}
      <Choices
        legend="Cups and spoons in the recipe"
        name="measures"
        value={measures}
        onChange={setMeasures}
        options={[
          ['au', 'Australian metric (250 mL cup)'],
          ['us', 'US (236.6 mL cup)'],
        ]}
      />
      <ExistingChoice name="page-on-existing" />
      <FormError message={problem} />
      <button type="submit" className="button primary" disabled={status === 'reading' || status === 'saving'}>
        {status === 'reading' ? 'Reading...' : 'Read the recipe'}
      </button>
    </form>
  );
}
