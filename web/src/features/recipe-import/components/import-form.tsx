import { type FormEvent, useState } from 'react';
import { Field, TextAreaField } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { readPage, setMeasures, useImporter } from '../store.ts';

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
    <form className="stack import-form" onSubmit={submit} noValidate>
      <fieldset className="row">
        <legend>Bring a recipe from</legend>
        <label>
          <input type="radio" name="by" checked={by === 'url'} onChange={() => setBy('url')} /> A web page
        </label>
        <label>
          <input type="radio" name="by" checked={by === 'html'} onChange={() => setBy('html')} /> A page
          source I paste
        </label>
      </fieldset>
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
      <fieldset className="row">
        <legend>Cups and spoons in the recipe</legend>
        <label>
          <input
            type="radio"
            name="measures"
            checked={measures === 'au'}
            onChange={() => setMeasures('au')}
          />{' '}
          Australian metric (250 mL cup)
        </label>
        <label>
          <input
            type="radio"
            name="measures"
            checked={measures === 'us'}
            onChange={() => setMeasures('us')}
          />{' '}
          US (236.6 mL cup)
        </label>
      </fieldset>
      <FormError message={problem} />
      <button type="submit" className="button primary" disabled={status === 'reading' || status === 'saving'}>
        {status === 'reading' ? 'Reading...' : 'Read the recipe'}
      </button>
    </form>
  );
}
