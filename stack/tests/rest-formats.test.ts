import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, rest, restStack } from './rest-support.ts';
import { type TestStack, testDatabases } from './support/stack.ts';

// Response bodies byte for byte as PostgREST 12 (v12.2.12) builds them in SQL
// (src/PostgREST/Query/SqlFragment.hs asJsonF, asJsonSingleF, asCsvF; QueryBuilder.hs getJoinSelects):
// `json_agg` of the rows (PostgreSQL separates them with ", \n "), `json_strip_nulls` around it for
// nulls=stripped, embeds as jsonb (keys sorted, ": " and ", "), CSV as the first row's keys and
// then each row's record text (PostgreSQL's quoting and escaping), lines joined by "\n".
const SCHEMA = `
create table public.fmt_parents (id int primary key, title text not null, zeta int, alpha int);
create table public.fmt_rows (
  id int primary key, parent_id int references public.fmt_parents (id), label text, note text, flag boolean,
  nums int[], doc jsonb, made date);
insert into public.fmt_parents values (1, 'P', 26, 1);
insert into public.fmt_rows values
  (1, 1, 'a "q", b', null, true, '{1,2}', '{"k": [1, 2], "a": "x"}', '2026-11-01'),
  (2, null, E'line\\nbreak and back\\\\slash', '', false, '{}', null, null);
`;

describe.each(testDatabases)('REST output formats on %s (PostgREST 12)', (database) => {
  let stack: TestStack;
  let a: Person;

  beforeAll(async () => {
    [stack, a] = await restStack(database, ['Ana'], SCHEMA);
  });
  afterAll(() => stack?.stop());

  it('JSON arrays are json_agg of the rows: ", \\n " between them, nothing else added', async () => {
    const res = await rest(stack, '/fmt_rows?select=id,label,flag&order=id', { token: a.token });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.text).toBe(
      '[{"id":1,"label":"a \\"q\\", b","flag":true}, \n {"id":2,"label":"line\\nbreak and back\\\\slash","flag":false}]',
    );
    const none = await rest(stack, '/fmt_rows?id=eq.0', { token: a.token });
    expect(none.text).toBe('[]');
  });

  it('nulls=stripped strips inside json_agg: compact, no spaces; single objects are the first element', async () => {
    const stripped = await rest(stack, '/fmt_rows?select=id,note,doc&order=id', {
      token: a.token,
      headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    });
    expect(stripped.headers.get('content-type')).toBe(
      'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8',
    );
    expect(stripped.text).toBe('[{"id":1,"doc":{"a":"x","k":[1,2]}},{"id":2,"note":""}]');
    const single = await rest(stack, '/fmt_rows?select=id,doc&id=eq.1', {
      token: a.token,
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(single.text).toBe('{"id":1,"doc":{"a": "x", "k": [1, 2]}}');
  });

  it('embedded rows are jsonb: keys in jsonb order with ": " and ", " (getJoinSelects)', async () => {
    const res = await rest(stack, '/fmt_rows?select=id,fmt_parents(zeta,title,alpha)&id=eq.1', {
      token: a.token,
    });
    expect(res.text).toBe('[{"id":1,"fmt_parents":{"zeta": 26, "alpha": 1, "title": "P"}}]');
    const many = await rest(stack, '/fmt_parents?select=id,fmt_rows(label,id)', { token: a.token });
    expect(many.text).toBe('[{"id":1,"fmt_rows":[{"id": 1, "label": "a \\"q\\", b"}]}]');
  });

  it('CSV: header of the first row, rows as PostgreSQL record text (quotes doubled, backslashes doubled)', async () => {
    const csv = await a.client
      .from('fmt_rows')
      .select('id, label, note, flag, nums, doc, made')
      .order('id')
      .csv();
    expect(csv.data).toBe(
      [
        'id,label,note,flag,nums,doc,made',
        '1,"a ""q"", b",,t,"{1,2}","{""a"": ""x"", ""k"": [1, 2]}",2026-11-01',
        '2,"line\nbreak and back\\\\slash","",f,{},,',
      ].join('\n'),
    );
    const raw = await rest(stack, '/fmt_rows?id=eq.0', { token: a.token, headers: { Accept: 'text/csv' } });
    expect(raw.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(raw.text).toBe('\n');
  });
});
