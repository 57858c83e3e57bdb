// A parameter's value as it travels, by its `style` and `explode` (OpenAPI 3, "Style Values"):
// query arrays as status=a&status=b (form), status=a,b (form, explode false), a%20b or a|b
// (space- and pipe-delimited), objects as filter[status]=open (deepObject); path and header
// values as a,b (simple), .a.b (label) or ;id=a,b (matrix).

export interface ParamStyle {
  name: string;
  in: string;
  style?: string;
  explode?: boolean;
}

/** The style a parameter uses: its own, else the location's default. */
export function styleOf(p: ParamStyle): { style: string; explode: boolean } {
  const style = p.style ?? (p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple');
  return { style, explode: p.explode ?? style === 'form' };
}

/** Reserved characters stay readable in samples ({ } [ ] , |); the rest is percent-encoded. */
function enc(v: unknown): string {
  return encodeURIComponent(raw(v)).replace(/%(7B|7D|5B|5D|2C|7C)/g, (m) => decodeURIComponent(m));
}

function raw(v: unknown): string {
  return typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * A query (or cookie) parameter as `name=value` pairs joined by '&' (by '; ' for cookies), or a
 * path or header parameter's value.
 */
export function serializeParam(p: ParamStyle, value: unknown): string {
  const { style, explode } = styleOf(p);
  const name = enc(p.name);
  const pairs = (list: [string, unknown][]) => list.map(([k, v]) => `${k}=${enc(v)}`).join(p.in === 'cookie' ? '; ' : '&');
  if (p.in === 'query' || p.in === 'cookie') {
    if (Array.isArray(value)) {
      if (style === 'spaceDelimited') return `${name}=${value.map(enc).join('%20')}`;
      if (style === 'pipeDelimited') return `${name}=${value.map(enc).join('|')}`;
      return explode ? pairs(value.map((v) => [name, v])) : `${name}=${value.map(enc).join(',')}`;
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      if (style === 'deepObject') return pairs(entries.map(([k, v]) => [`${name}[${enc(k)}]`, v]));
      return explode ? pairs(entries.map(([k, v]) => [enc(k), v])) : `${name}=${entries.flatMap(([k, v]) => [enc(k), enc(v)]).join(',')}`;
    }
    return `${name}=${enc(value)}`;
  }
  // Header values are sent as they are; path values are percent-encoded.
  const e = p.in === 'header' ? raw : enc;
  const prefix = style === 'label' ? '.' : style === 'matrix' ? `;${name}=` : '';
  const sep = style === 'label' && explode ? '.' : ',';
  if (Array.isArray(value)) {
    if (style === 'matrix' && explode) return value.map((v) => `;${name}=${e(v)}`).join('');
    return prefix + value.map(e).join(sep);
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (style === 'matrix' && explode) return entries.map(([k, v]) => `;${e(k)}=${e(v)}`).join('');
    return prefix + (explode ? entries.map(([k, v]) => `${e(k)}=${e(v)}`) : entries.flatMap(([k, v]) => [e(k), e(v)])).join(sep);
  }
  return prefix + e(value);
}
