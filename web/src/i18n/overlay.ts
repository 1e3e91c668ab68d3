// Server-side language overrides: GET /admin-settings/languages?lang_id=1|2 returns
// values {"ns:dotted.key": "text"} laid over the shipped catalogues.

export type NestedBundle = { [key: string]: string | NestedBundle };

/** Group flat "ns:dotted.key" values into nested bundles per namespace. */
export function overlayBundles(values: Record<string, unknown>, defaultNs = 'common'): Record<string, NestedBundle> {
  const out: Record<string, NestedBundle> = {};
  for (const [fullKey, text] of Object.entries(values ?? {})) {
    if (typeof text !== 'string' || text === '') continue;
    const idx = fullKey.indexOf(':');
    const ns = idx > 0 ? fullKey.slice(0, idx) : defaultNs;
    const path = (idx > 0 ? fullKey.slice(idx + 1) : fullKey).split('.').filter(Boolean);
    if (path.length === 0) continue;
    let node: NestedBundle = (out[ns] ??= {});
    for (let i = 0; i < path.length - 1; i++) {
      const next = node[path[i]];
      if (typeof next !== 'object') node[path[i]] = {};
      node = node[path[i]] as NestedBundle;
    }
    node[path[path.length - 1]] = text;
  }
  return out;
}
