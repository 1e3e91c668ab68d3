import { describe, expect, it } from 'vitest';
import { buildFolderTree, descendantIds, flattenTree, folderPath } from './folder-tree';

interface Folder {
  id: number;
  parent_id: number | null;
  name: string;
  question_count: number;
  folder_count: number;
}

const f = (id: number, parent_id: number | null, name: string): Folder => ({ id, parent_id, name, question_count: 0, folder_count: 0 });
const folders = [f(1, null, 'Science'), f(2, 1, 'Physics'), f(3, 2, 'Motion'), f(4, null, 'Bangla'), f(5, 1, 'Chemistry'), f(6, 99, 'Orphan')];

describe('folder tree', () => {
  it('builds the tree by parent_id, sorted by name, orphans at the top level', () => {
    const tree = buildFolderTree(folders);
    expect(tree.map((n) => n.folder.name)).toEqual(['Bangla', 'Orphan', 'Science']);
    const science = tree[2];
    expect(science.children.map((n) => n.folder.name)).toEqual(['Chemistry', 'Physics']);
    expect(science.children[1].children.map((n) => n.folder.id)).toEqual([3]);
  });

  it('flattens depth first with depths, leaving out a folder and its subfolders', () => {
    const tree = buildFolderTree(folders);
    expect(flattenTree(tree).map(({ folder, depth }) => `${folder.id}@${depth}`)).toEqual(['4@0', '6@0', '1@0', '5@1', '2@1', '3@2']);
    expect(flattenTree(tree, 2).map(({ folder }) => folder.id)).toEqual([4, 6, 1, 5]);
  });

  it('survives a loop in the data', () => {
    const loop = [f(1, 2, 'A'), f(2, 1, 'B')];
    expect(flattenTree(buildFolderTree(loop))).toEqual([]);
    expect(folderPath(loop, 1).map((x) => x.id)).toEqual([2, 1]);
  });

  it('gives the path from the top for breadcrumbs', () => {
    expect(folderPath(folders, 3).map((x) => x.name)).toEqual(['Science', 'Physics', 'Motion']);
    expect(folderPath(folders, 4).map((x) => x.id)).toEqual([4]);
    expect(folderPath(folders, 42)).toEqual([]);
  });

  it('finds the subfolders at every level', () => {
    expect([...descendantIds(folders, 1)].sort()).toEqual([2, 3, 5]);
    expect([...descendantIds(folders, 3)]).toEqual([]);
  });
});
