/**
 * Which table column each column of a view shows, read from the view's rewrite rule
 * (`pg_rewrite.ev_action`, a pg_node_tree): the top-level query's target entries carry
 * `resorigtbl` / `resorigcol` for every column taken unchanged from a relation. PostgREST reads
 * the same fields (SchemaCache.hs allViewsKeyDependencies) to give views the keys and foreign
 * keys of their tables; this parses the tree instead of rewriting it into JSON with regexes.
 */

type NodeValue = string | null | NodeValue[] | PgNode;

interface PgNode {
  type: string;
  fields: Map<string, NodeValue>;
}

/** Splits node text into `{`, `}`, `(`, `)`, `<>`, `:field` and atoms (backslash escapes kept together). */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === ' ' || ch === '\n' || ch === '\t') {
      i++;
      continue;
    }
    if (ch === '{' || ch === '}' || ch === '(' || ch === ')') {
      tokens.push(ch);
      i++;
      continue;
    }
    if (text.startsWith('<>', i)) {
      tokens.push('<>');
      i += 2;
      continue;
    }
    let token = '';
    while (i < text.length) {
      const c = text[i]!;
      if (c === '\\' && i + 1 < text.length) {
        token += text[i + 1];
        i += 2;
        continue;
      }
      if (c === ' ' || c === '\n' || c === '\t' || c === '{' || c === '}' || c === '(' || c === ')') break;
      token += c;
      i++;
    }
    tokens.push(token);
  }
  return tokens;
}

class Parser {
  pos = 0;
  constructor(readonly tokens: string[]) {}

  value(): NodeValue {
    const t = this.tokens[this.pos++];
    if (t === undefined) return null;
    if (t === '<>') return null;
    if (t === '{') return this.node();
    if (t === '(') {
      const items: NodeValue[] = [];
      while (this.pos < this.tokens.length && this.tokens[this.pos] !== ')') items.push(this.value());
      this.pos++;
      return items;
    }
    return t;
  }

  node(): PgNode {
    const type = this.tokens[this.pos++] ?? '';
    const fields = new Map<string, NodeValue>();
    while (this.pos < this.tokens.length && this.tokens[this.pos] !== '}') {
      const key = this.tokens[this.pos]!;
      if (!key.startsWith(':')) {
        // Values printed as several tokens (a Const's `4 [ 1 0 0 0 ]`): skip the extra ones.
        this.value();
        continue;
      }
      this.pos++;
      const next = this.tokens[this.pos];
      fields.set(
        key.slice(1),
        next === undefined || next === '}' || next.startsWith(':') ? null : this.value(),
      );
    }
    this.pos++;
    return { type, fields };
  }
}

const isNode = (v: NodeValue): v is PgNode => typeof v === 'object' && v !== null && !Array.isArray(v);

/** View column number → the relation (oid) and column number it shows unchanged. */
export function viewColumnOrigins(definition: string): Map<number, { rel: number; attnum: number }> {
  const out = new Map<number, { rel: number; attnum: number }>();
  let tree: NodeValue;
  try {
    tree = new Parser(tokenize(definition)).value();
  } catch {
    return out;
  }
  const query = Array.isArray(tree) ? tree[0] : tree;
  if (query === undefined || !isNode(query)) return out;
  const targets = query.fields.get('targetList');
  if (!Array.isArray(targets)) return out;
  for (const entry of targets) {
    if (!isNode(entry) || entry.type !== 'TARGETENTRY') continue;
    const resno = Number(entry.fields.get('resno'));
    const rel = Number(entry.fields.get('resorigtbl'));
    const attnum = Number(entry.fields.get('resorigcol'));
    if (entry.fields.get('resjunk') === 'true' || !rel || !attnum || !resno) continue;
    out.set(resno, { rel, attnum });
  }
  return out;
}
