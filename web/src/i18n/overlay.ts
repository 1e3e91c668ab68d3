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

/** The interpolation variables of a text ("{{count, number}}" counts as "count"). */
export function textVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1]))].sort();
}

/**
 * The server texts that fit the shipped catalogue: a text whose interpolation variables differ from
 * the shipped one's was written for another version of the app (e.g. "{{n}} lessons" where the app
 * now passes `count`) and would show "{{n}}" to people, so it is left out. Texts for keys the app
 * does not ship are kept.
 */
export function fittingOverlay(over: NestedBundle, shipped: unknown): NestedBundle {
  const base = shipped && typeof shipped === 'object' ? (shipped as Record<string, unknown>) : {};
  const out: NestedBundle = {};
  for (const [k, v] of Object.entries(over)) {
    const b = base[k];
    if (typeof v === 'object') out[k] = fittingOverlay(v, b);
    else if (typeof b !== 'string' || textVariables(b).join() === textVariables(v).join()) out[k] = v;
  }
  return out;
}
