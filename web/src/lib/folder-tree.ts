// The folder tree built from the flat list of GET /question-bank/view-folder?no_pagination=1, used
// by the question bank's folder screens and the exam paper builder's folder picker.

/** What the tree needs of a folder; the callers keep their own folder type. */
export interface TreeFolder {
  id: number;
  parent_id: number | null;
  name: string;
}

export interface FolderNode<F extends TreeFolder = TreeFolder> {
  folder: F;
  children: FolderNode<F>[];
}

/** Roots (no parent, or a parent not in the list) with their children, each level by name. */
export function buildFolderTree<F extends TreeFolder>(folders: readonly F[], lang = 'en'): FolderNode<F>[] {
  const nodes = new Map<number, FolderNode<F>>(folders.map((f) => [f.id, { folder: f, children: [] }]));
  const roots: FolderNode<F>[] = [];
  for (const f of folders) {
    const node = nodes.get(f.id)!;
    const parent = f.parent_id != null && f.parent_id !== f.id ? nodes.get(f.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const byName = (a: FolderNode<F>, b: FolderNode<F>) => a.folder.name.localeCompare(b.folder.name, lang) || a.folder.id - b.folder.id;
  const seen = new Set<number>();
  const sort = (list: FolderNode<F>[]) => {
    list.sort(byName);
    for (const n of list) {
      if (seen.has(n.folder.id)) continue;
      seen.add(n.folder.id);
      sort(n.children);
    }
  };
  sort(roots);
  return roots;
}

export interface FlatFolder<F extends TreeFolder = TreeFolder> {
  folder: F;
  depth: number;
}

/** The tree depth first, for a picker that indents by depth. `skip` leaves out a folder and all below it. */
export function flattenTree<F extends TreeFolder>(roots: readonly FolderNode<F>[], skip?: number | null): FlatFolder<F>[] {
  const out: FlatFolder<F>[] = [];
  const seen = new Set<number>();
  const walk = (list: readonly FolderNode<F>[], depth: number) => {
    for (const n of list) {
      if (n.folder.id === skip || seen.has(n.folder.id)) continue;
      seen.add(n.folder.id);
      out.push({ folder: n.folder, depth });
      walk(n.children, depth + 1);
    }
  };
  walk(roots, 0);
  return out;
}

/** The folder and its ancestors, outermost first ([] when the folder is not in the list). */
export function folderPath<F extends TreeFolder>(folders: readonly F[], id: number): F[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const out: F[] = [];
  let cur = byId.get(id);
  while (cur && !out.includes(cur)) {
    out.unshift(cur);
    cur = cur.parent_id != null ? byId.get(cur.parent_id) : undefined;
  }
  return out;
}

/** Ids of a folder's subfolders at every level (not the folder itself). */
export function descendantIds(folders: readonly TreeFolder[], id: number): Set<number> {
  const out = new Set<number>();
  let frontier = [id];
  while (frontier.length) {
    const next: number[] = [];
    for (const f of folders) {
      if (f.parent_id != null && frontier.includes(f.parent_id) && !out.has(f.id) && f.id !== id) {
        out.add(f.id);
        next.push(f.id);
      }
    }
    frontier = next;
  }
  return out;
}
