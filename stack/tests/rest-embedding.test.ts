import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, rest, restStack } from './rest-support.ts';
import { type TestStack, testDatabases } from './support/stack.ts';

// Resource embedding edge cases as PostgREST 12 (v12.2.12) resolves them. Sources:
// src/PostgREST/Plan.hs findRel (self relationships: the table name is the one-to-many, the
// column name the many-to-one; a hint picks by the referencing column), validateSpreadEmbeds
// (PGRST119: spreads need to-one in v12), addRelSelects (an embed with an empty select is only
// joined: "empty embed"); SchemaCache.hs allViewsKeyDependencies (views carry the foreign keys
// of the tables they show); Error.hs (AmbiguousRelBetween, compressedRel, relHint, SpreadNotToOne);
// docs/references/api/resource_embedding.rst.
const SCHEMA = `
create table public.emb_people (id int primary key, name text not null, mentor_id int references public.emb_people (id));
create table public.emb_projects (
  id int primary key, name text not null,
  owner_id int not null references public.emb_people (id),
  reviewer_id int references public.emb_people (id));
create table public.emb_tasks (id int primary key, project_id int not null references public.emb_projects (id), title text not null, done boolean not null);
create view public.emb_open_projects as select id, name, owner_id from public.emb_projects where id < 100;
insert into public.emb_people values (1, 'Ada', null), (2, 'Ben', 1), (3, 'Cat', 1), (4, 'Dan', 2);
insert into public.emb_projects values (10, 'Engine', 1, 2), (20, 'Loom', 2, null), (30, 'Idle', 3, 1);
insert into public.emb_tasks values (1, 10, 'cams', true), (2, 10, 'gears', false), (3, 20, 'shuttle', true);
`;

describe.each(testDatabases)('REST embedding on %s (PostgREST 12)', (database) => {
  let stack: TestStack;
  let a: Person;

  beforeAll(async () => {
    [stack, a] = await restStack(database, ['Ana'], SCHEMA);
  });
  afterAll(() => stack?.stop());

  it('self-referencing: the table name embeds the children, the column name the parent; two keys are PGRST201 (findRel)', async () => {
    const res = await a.client
      .from('emb_people')
      .select('name, mentor:mentor_id(name), mentees:emb_people(name)')
      .in('id', [1, 2])
      .order('id');
    expect(res.error).toBeNull();
    expect(res.data).toEqual([
      { name: 'Ada', mentor: null, mentees: [{ name: 'Ben' }, { name: 'Cat' }] },
      { name: 'Ben', mentor: { name: 'Ada' }, mentees: [{ name: 'Dan' }] },
    ]);
    const hinted = await a.client.from('emb_people').select('name, emb_people!mentor_id(name)').eq('id', 2);
    expect(hinted.data).toEqual([{ name: 'Ben', emb_people: [{ name: 'Dan' }] }]);
    // Two foreign keys to one table: 300 PGRST201 with the relationships and the hint (Error.hs).
    const ambiguous = await rest(stack, '/emb_people?select=name,emb_projects(name)', { token: a.token });
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.json).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'one-to-many',
          embedding: 'emb_people with emb_projects',
          relationship: 'emb_projects_owner_id_fkey using emb_people(id) and emb_projects(owner_id)',
        },
        {
          cardinality: 'one-to-many',
          embedding: 'emb_people with emb_projects',
          relationship: 'emb_projects_reviewer_id_fkey using emb_people(id) and emb_projects(reviewer_id)',
        },
      ],
      hint: "Try changing 'emb_projects' to one of the following: 'emb_projects!emb_projects_owner_id_fkey', 'emb_projects!emb_projects_reviewer_id_fkey'. Find the desired relationship in the 'details' key.",
      message:
        "Could not embed because more than one relationship was found for 'emb_people' and 'emb_projects'",
    });
    const byKey = await a.client
      .from('emb_projects')
      .select(
        'name, owner:emb_people!owner_id(name), reviewer:emb_people!emb_projects_reviewer_id_fkey(name)',
      )
      .eq('id', 10);
    expect(byKey.data).toEqual([{ name: 'Engine', owner: { name: 'Ada' }, reviewer: { name: 'Ben' } }]);
  });

  it('embeds through a view that shows the foreign key columns, both ways (allViewsKeyDependencies)', async () => {
    const fromView = await a.client.from('emb_open_projects').select('name, emb_people(name)').order('id');
    expect(fromView.error).toBeNull();
    expect(fromView.data).toEqual([
      { name: 'Engine', emb_people: { name: 'Ada' } },
      { name: 'Loom', emb_people: { name: 'Ben' } },
      { name: 'Idle', emb_people: { name: 'Cat' } },
    ]);
    const toView = await a.client.from('emb_tasks').select('title, emb_open_projects(name)').eq('id', 3);
    expect(toView.data).toEqual([{ title: 'shuttle', emb_open_projects: { name: 'Loom' } }]);
    const manyOfView = await a.client.from('emb_people').select('name, emb_open_projects(name)').eq('id', 2);
    expect(manyOfView.data).toEqual([{ name: 'Ben', emb_open_projects: [{ name: 'Loom' }] }]);
  });

  it('spreads a to-one embed into its parent; a to-many spread is 400 PGRST119 in PostgREST 12', async () => {
    const spread = await a.client
      .from('emb_tasks')
      .select('title, ...emb_projects(project:name, ...emb_people!owner_id(owner:name))')
      .eq('id', 1);
    expect(spread.error).toBeNull();
    expect(spread.data).toEqual([{ title: 'cams', project: 'Engine', owner: 'Ada' }]);
    const toMany = await rest(stack, '/emb_projects?select=name,...emb_tasks(title)', { token: a.token });
    expect(toMany.status).toBe(400);
    expect(toMany.json).toEqual({
      code: 'PGRST119',
      details: "'emb_projects' and 'emb_tasks' do not form a many-to-one or one-to-one relationship",
      hint: null,
      message: "A spread operation on 'emb_tasks' is not possible",
    });
  });

  it('an empty embed only filters: !inner with filters on the embedded table, nothing embedded', async () => {
    const res = await a.client
      .from('emb_projects')
      .select('name, emb_tasks!inner()', { count: 'exact' })
      .eq('emb_tasks.done', false);
    expect(res).toMatchObject({ data: [{ name: 'Engine' }], count: 1, error: null });
    const shown = await a.client
      .from('emb_projects')
      .select('name, emb_tasks!inner(title)')
      .eq('emb_tasks.done', true)
      .order('id');
    expect(shown.data).toEqual([
      { name: 'Engine', emb_tasks: [{ title: 'cams' }] },
      { name: 'Loom', emb_tasks: [{ title: 'shuttle' }] },
    ]);
    const left = await a.client.from('emb_projects').select('name, emb_tasks()').order('id');
    expect(left.data).toEqual([{ name: 'Engine' }, { name: 'Loom' }, { name: 'Idle' }]);
  });
});
