import { parseError, type RestError } from './errors.ts';

/**
 * PostgREST's query-string grammar (src/library/PostgREST/ApiRequest/QueryParams.hs): select
 * trees, filters, logic trees, order terms, columns. Errors are PGRST100 with Parsec-like
 * positions and "unexpected … expecting …" details.
 */

export interface JsonOp {
  arrow: '->' | '->>';
  key: string;
  index: boolean;
}

export interface FieldRef {
  name: string;
  json: JsonOp[];
}

export type SelectItem =
  | {
      kind: 'field';
      field: FieldRef;
      cast?: string;
      alias?: string;
      aggregate?: 'count' | 'sum' | 'avg' | 'max' | 'min';
      /** The cast after an aggregate: `total.sum()::text`. */
      aggregateCast?: string;
    }
  | {
      kind: 'embed';
      name: string;
      alias?: string;
      hint?: string;
      join?: 'inner' | 'left';
      spread: boolean;
      children: SelectItem[];
    };

export type Operation =
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: 'null' | 'not_null' | 'true' | 'false' | 'unknown' }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'simple'; op: string; value: string }
  | { kind: 'quant'; op: string; quant?: 'any' | 'all'; value: string }
  | { kind: 'fts'; op: string; lang?: string; value: string };

export interface OpExpr {
  negate: boolean;
  op: Operation;
}

export interface Filter {
  field: FieldRef;
  expr: OpExpr;
}

export type LogicTree =
  | { kind: 'expr'; negate: boolean; op: 'and' | 'or'; children: LogicTree[] }
  | { kind: 'filter'; filter: Filter };

export interface OrderTerm {
  relation?: string;
  field: FieldRef;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

class Cursor {
  pos = 0;
  constructor(
    readonly input: string,
    readonly what: string,
    /** The text named in error messages, when it differs from what is parsed. */
    readonly shown = input,
  ) {}
  get done(): boolean {
    return this.pos >= this.input.length;
  }
  peek(n = 1): string {
    return this.input.slice(this.pos, this.pos + n);
  }
  startsWith(s: string): boolean {
    return this.input.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (this.startsWith(s)) {
      this.pos += s.length;
      return true;
    }
    return false;
  }
  fail(expecting: string): RestError {
    const unexpected = this.done ? 'end of input' : JSON.stringify(this.input[this.pos]);
    return parseError(this.what, this.shown, this.pos, `unexpected ${unexpected} expecting ${expecting}`);
  }
  expect(s: string, expecting = JSON.stringify(s)): void {
    if (!this.eat(s)) throw this.fail(expecting);
  }
  ws(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }
}

const identChar = /[\p{L}\p{N}_ $]/u;

function quoted(c: Cursor): string | undefined {
  if (c.peek() !== '"') return undefined;
  c.pos++;
  let out = '';
  while (!c.done && c.peek() !== '"') {
    if (c.peek() === '\\') c.pos++;
    out += c.peek();
    c.pos++;
  }
  c.expect('"', '"\\""');
  return out;
}

function identifier(c: Cursor): string | undefined {
  const start = c.pos;
  while (!c.done && identChar.test(c.peek())) c.pos++;
  return c.pos > start ? c.input.slice(start, c.pos).trim() : undefined;
}

/** pFieldName: a quoted name, or identifier parts joined by dashes that do not start `->`. */
function fieldName(c: Cursor): string {
  const q = quoted(c);
  if (q !== undefined) return q;
  const parts: string[] = [];
  for (;;) {
    const part = identifier(c);
    if (part === undefined) {
      if (parts.length === 0) throw c.fail('field name (* or [a..z0..9_$])');
      throw c.fail('letter or digit');
    }
    parts.push(part);
    if (c.peek() === '-' && c.peek(2) !== '->') {
      c.pos++;
      continue;
    }
    return parts.join('-');
  }
}

function jsonPath(c: Cursor): JsonOp[] {
  const ops: JsonOp[] = [];
  for (;;) {
    let arrow: JsonOp['arrow'];
    if (c.eat('->>')) arrow = '->>';
    else if (c.eat('->')) arrow = '->';
    else return ops;
    const m = /^-?\d+/.exec(c.input.slice(c.pos));
    const after = m ? c.input.slice(c.pos + m[0].length) : '';
    if (m && (after === '' || /^(->|::|\.|,|\))/.test(after))) {
      c.pos += m[0].length;
      ops.push({ arrow, key: m[0], index: true });
      continue;
    }
    const q = quoted(c);
    if (q !== undefined) {
      ops.push({ arrow, key: q, index: false });
      continue;
    }
    const start = c.pos;
    while (!c.done && !'(-:.,>)'.includes(c.peek())) c.pos++;
    // Dashes inside keys are allowed when they do not start an arrow.
    while (c.peek() === '-' && c.peek(2) !== '->') {
      c.pos++;
      while (!c.done && !'(-:.,>)'.includes(c.peek())) c.pos++;
    }
    if (c.pos === start) throw c.fail('any non reserved character different from: .,>()');
    ops.push({ arrow, key: c.input.slice(start, c.pos).trim(), index: false });
  }
}

function field(c: Cursor): FieldRef {
  c.ws();
  const name = fieldName(c);
  const json = jsonPath(c);
  c.ws();
  return { name, json };
}

function castName(c: Cursor): string {
  const id = identifier(c);
  if (!id) throw c.fail('letter or digit');
  return id;
}

function atItemEnd(c: Cursor): boolean {
  return c.done || c.peek() === ',' || c.peek() === ')';
}

function selectItem(c: Cursor): SelectItem {
  c.ws();
  if (c.eat('*')) {
    c.ws();
    if (!atItemEnd(c)) throw c.fail('")", "," or end of input');
    return { kind: 'field', field: { name: '*', json: [] } };
  }
  const spread = c.eat('...');
  let alias: string | undefined;
  if (!spread) {
    const save = c.pos;
    try {
      const a = fieldName(c);
      if (c.peek() === ':' && c.peek(2) !== '::') {
        c.pos++;
        alias = a;
      } else c.pos = save;
    } catch {
      c.pos = save;
    }
  }
  c.ws();
  if (c.startsWith('count()')) {
    c.pos += 7;
    const item: SelectItem = { kind: 'field', field: { name: '*', json: [] }, aggregate: 'count' };
    if (alias !== undefined) item.alias = alias;
    if (c.eat('::')) item.aggregateCast = castName(c);
    c.ws();
    if (!atItemEnd(c)) throw c.fail('")", "," or end of input');
    return item;
  }
  const name = fieldName(c);
  // An embed: name, optional !hint / !inner / !left, then "(".
  const save = c.pos;
  let hint: string | undefined;
  let join: 'inner' | 'left' | undefined;
  for (let i = 0; i < 2 && c.peek() === '!'; i++) {
    c.pos++;
    if (c.startsWith('inner') && /^inner(?=[!(])/.test(c.input.slice(c.pos))) {
      c.pos += 5;
      join = 'inner';
    } else if (c.startsWith('left') && /^left(?=[!(])/.test(c.input.slice(c.pos))) {
      c.pos += 4;
      join = 'left';
    } else hint = fieldName(c);
  }
  if (c.peek() === '(' && (spread || name !== 'count')) {
    c.pos++;
    const children = selectList(c);
    c.expect(')', '")"');
    c.ws();
    const item: SelectItem = { kind: 'embed', name, spread, children };
    if (alias !== undefined) item.alias = alias;
    if (hint !== undefined) item.hint = hint;
    if (join !== undefined) item.join = join;
    return item;
  }
  if (spread) throw c.fail('"("');
  if (c.pos !== save) {
    c.pos = save;
    throw c.fail('letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input');
  }
  const ref: FieldRef = { name, json: jsonPath(c) };
  c.ws();
  const item: SelectItem = { kind: 'field', field: ref };
  if (alias !== undefined) item.alias = alias;
  if (c.eat('::')) item.cast = castName(c);
  if (c.peek() === '.') {
    const m = /^\.(sum|avg|count|max|min)\(\)/.exec(c.input.slice(c.pos));
    if (m) {
      c.pos += m[0].length;
      item.aggregate = m[1] as 'count';
      if (c.eat('::')) item.aggregateCast = castName(c);
    }
  }
  c.ws();
  if (!atItemEnd(c)) throw c.fail('letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input');
  return item;
}

function selectList(c: Cursor): SelectItem[] {
  c.ws();
  if (c.done || c.peek() === ')') return [];
  const items = [selectItem(c)];
  while (c.eat(',')) items.push(selectItem(c));
  return items;
}

export function parseSelect(input: string): SelectItem[] {
  const c = new Cursor(input, 'select parameter');
  const items = selectList(c);
  if (!c.done) throw c.fail('"," or end of input');
  return items;
}

const QUANT_OPS = ['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch'];
const SIMPLE_OPS = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'];
const FTS_OPS = ['fts', 'plfts', 'phfts', 'wfts'];

type ValueParser = (c: Cursor) => string;

const restValue: ValueParser = (c) => {
  const v = c.input.slice(c.pos);
  c.pos = c.input.length;
  return v;
};

/** pLogicSingleVal: a quoted value, a `{…}` array literal, or text up to `,` or `)`. */
const logicValue: ValueParser = (c) => {
  const save = c.pos;
  if (c.peek() === '"') {
    const q = quoted(c);
    if (q !== undefined && (c.done || c.peek() === ',' || c.peek() === ')')) return q;
    c.pos = save;
  }
  if (c.peek() === '{') {
    const end = c.input.indexOf('}', c.pos);
    const inner = end === -1 ? '' : c.input.slice(c.pos + 1, end);
    if (end !== -1 && !inner.includes('{')) {
      c.pos = end + 1;
      return `{${inner}}`;
    }
  }
  const start = c.pos;
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
  return c.input.slice(start, c.pos);
};

function listValue(c: Cursor): string[] {
  c.ws();
  c.expect('(', '"("');
  c.ws();
  const values: string[] = [];
  for (;;) {
    const save = c.pos;
    let v: string | undefined;
    if (c.peek() === '"') {
      const q = quoted(c);
      if (q !== undefined && (c.peek() === ',' || c.peek() === ')')) v = q;
      else c.pos = save;
    }
    if (v === undefined) {
      const start = c.pos;
      while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
      v = c.input.slice(start, c.pos);
    }
    values.push(v);
    if (!c.eat(',')) break;
  }
  c.ws();
  c.expect(')', '")"');
  c.ws();
  return values;
}

function opExpr(c: Cursor, value: ValueParser): OpExpr {
  const negate = c.eat('not.');
  const rest = c.input.slice(c.pos);
  if (rest.startsWith('in.')) {
    c.pos += 3;
    return { negate, op: { kind: 'in', values: listValue(c) } };
  }
  if (rest.startsWith('is.')) {
    c.pos += 3;
    const m = /^(null|not_null|true|false|unknown)/i.exec(c.input.slice(c.pos));
    if (!m) throw c.fail('isVal: (null, not_null, true, false, unknown)');
    c.pos += m[0].length;
    return { negate, op: { kind: 'is', value: m[0].toLowerCase() as 'null' } };
  }
  if (rest.startsWith('isdistinct.')) {
    c.pos += 11;
    return { negate, op: { kind: 'isdistinct', value: value(c) } };
  }
  const fts = /^(fts|plfts|phfts|wfts)(?:\(([\p{L}\p{N}_ $]+)\))?\./u.exec(rest);
  if (fts && FTS_OPS.includes(fts[1]!)) {
    c.pos += fts[0].length;
    const op: Operation = { kind: 'fts', op: fts[1]!, value: value(c) };
    if (fts[2]) op.lang = fts[2].trim();
    return { negate, op };
  }
  const simple = /^([a-z]+)\./.exec(rest);
  if (simple && SIMPLE_OPS.includes(simple[1]!)) {
    c.pos += simple[0].length;
    return { negate, op: { kind: 'simple', op: simple[1]!, value: value(c) } };
  }
  const quant = /^([a-z]+)(?:\((any|all)\))?\./.exec(rest);
  if (quant && QUANT_OPS.includes(quant[1]!)) {
    c.pos += quant[0].length;
    const op: Operation = { kind: 'quant', op: quant[1]!, value: value(c) };
    if (quant[2]) op.quant = quant[2] as 'any' | 'all';
    return { negate, op };
  }
  throw c.fail(negate ? 'operator (eq, gt, ...)' : '"not" or operator (eq, gt, ...)');
}

/** A filter's value, e.g. `eq.5` or `not.in.(1,2)`. */
export function parseFilterValue(input: string): OpExpr {
  const c = new Cursor(input, 'filter');
  return opExpr(c, restValue);
}

/** A filter key `a.b.col->x`: the embed path and the field. */
export function parseTreePath(input: string): { path: string[]; field: FieldRef } {
  const c = new Cursor(input, 'tree path');
  const names = [fieldName(c)];
  while (c.eat('.')) names.push(fieldName(c));
  const json = jsonPath(c);
  if (!c.done) throw c.fail('delimiter (.) or end of input');
  return { path: names.slice(0, -1), field: { name: names[names.length - 1]!, json } };
}

/** The embed path of `a.b.order`, `a.or`, … (everything before the last segment). */
export function parseEmbedPath(input: string, what: string): string[] {
  const c = new Cursor(input, what);
  const names = [fieldName(c)];
  while (c.eat('.')) names.push(fieldName(c));
  if (!c.done) throw c.fail('delimiter (.) or end of input');
  return names.slice(0, -1);
}

function logicTree(c: Cursor): LogicTree {
  c.ws();
  const save = c.pos;
  // A filter: field.op.value; otherwise a nested [not.](and|or)(…)
  const nested = /^(not\.)?(and|or)\(/.exec(c.input.slice(c.pos));
  if (!nested) {
    const f = field(c);
    c.expect('.', 'delimiter (.)');
    const expr = opExpr(c, logicValue);
    return { kind: 'filter', filter: { field: f, expr } };
  }
  c.pos = save + nested[0].length;
  const children = [logicTree(c)];
  c.ws();
  while (c.eat(',')) children.push(logicTree(c));
  c.ws();
  c.expect(')', '")" or ","');
  c.ws();
  return { kind: 'expr', negate: Boolean(nested[1]), op: nested[2] as 'and' | 'or', children };
}

/** `or=(a.eq.1,b.gt.2)` with key `[path.][not.]or`: the value is parsed as `or(a.eq.1,…)`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): LogicTree {
  const text = `${negate ? 'not.' : ''}${op}${value}`;
  const c = new Cursor(text, 'logic tree', value);
  const nested = /^(not\.)?(and|or)\(/.exec(text);
  if (!nested) {
    c.pos = text.indexOf(op) + op.length;
    throw c.fail('"("');
  }
  const tree = logicTree(c);
  if (!c.done) throw c.fail('end of input');
  return tree;
}

export function parseOrder(input: string): OrderTerm[] {
  const c = new Cursor(input, 'order');
  const terms: OrderTerm[] = [];
  do {
    c.ws();
    const term: OrderTerm = { field: { name: '', json: [] } };
    const save = c.pos;
    const name = fieldName(c);
    if (c.peek() === '(') {
      c.pos++;
      term.relation = name;
      term.field = field(c);
      c.expect(')', '")"');
    } else {
      c.pos = save;
      term.field = field(c);
    }
    for (const [word, apply] of [
      ['.asc', () => (term.direction = 'asc')],
      ['.desc', () => (term.direction = 'desc')],
    ] as const) {
      if (!term.direction && new RegExp(`^\\${word}(?=$|,|\\.)`).test(c.input.slice(c.pos))) {
        c.pos += word.length;
        apply();
      }
    }
    const nulls = /^\.nulls(first|last)(?=$|,)/.exec(c.input.slice(c.pos));
    if (nulls) {
      c.pos += nulls[0].length;
      term.nulls = nulls[1] as 'first' | 'last';
    }
    c.ws();
    if (!c.done && c.peek() !== ',') {
      throw c.fail(
        term.direction ? '"nullsfirst" or "nullslast"' : '"asc", "desc", "nullsfirst" or "nullslast"',
      );
    }
    terms.push(term);
  } while (c.eat(','));
  return terms;
}

/** `columns=` and `on_conflict=`: field names separated by commas. */
export function parseColumns(input: string, what: string): string[] {
  const c = new Cursor(input, what);
  const names: string[] = [];
  do {
    c.ws();
    names.push(fieldName(c));
    c.ws();
  } while (c.eat(','));
  if (!c.done) throw c.fail('"," or end of input');
  return names;
}
