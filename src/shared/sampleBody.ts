// A JSON request body as each generated sample writes it, from the curl sample's text. Shared by
// the server and the browser: a page highlights the body once (in the curl sample) and the other
// languages' tabs write theirs when first shown (src/client/apiPanels.ts), so a body is not sent
// three times.

/** The body of `curl ... --data '<body>'`, as the JSON text it sends (undefined when there is none). */
export function curlBody(curl: string): string | undefined {
  const start = curl.indexOf("--data '");
  const end = curl.lastIndexOf("'");
  if (start < 0 || end <= start + 7) return undefined;
  return curl.slice(start + 8, end).replace(/'\\''/g, "'");
}

/** The body as the JavaScript (`JSON.stringify(...)`) or Python (`json=...`) sample writes it. */
export function bodyFor(json: string, lang: 'javascript' | 'python'): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  return lang === 'javascript' ? indent(JSON.stringify(value, null, 2), 2) : indent(py(value), 4);
}

/** A Python literal for a JSON value, laid out like json.dumps(indent=4). */
export function py(value: unknown, level = 0): string {
  const pad = '    '.repeat(level + 1);
  const end = '    '.repeat(level);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return value.length ? `[\n${value.map((v) => pad + py(v, level + 1)).join(',\n')},\n${end}]` : '[]';
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length ? `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${py(v, level + 1)}`).join(',\n')},\n${end}}` : '{}';
}

export function indent(text: string, n: number): string {
  return text.replace(/\n/g, '\n' + ' '.repeat(n));
}
