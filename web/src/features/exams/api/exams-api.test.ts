import { describe, expect, it } from 'vitest';
import { withSharedFolders, type BankFolder } from './exams-api';

const folder = (id: number, parent_id: number | null = null): BankFolder => ({ id, parent_id, name: `F${id}`, question_count: 1, folder_count: 0 });

describe('withSharedFolders', () => {
  it('lists the own folders, then the shared ones marked as such', () => {
    const merged = withSharedFolders([folder(1)], [folder(7), folder(8, 7)]);
    expect(merged.map((f) => [f.id, f.shared ?? false])).toEqual([
      [1, false],
      [7, true],
      [8, true],
    ]);
  });

  it('keeps a folder that is both own and shared (a site admin owns them all) once, as own', () => {
    expect(withSharedFolders([folder(1), folder(7)], [folder(7)]).map((f) => [f.id, f.shared ?? false])).toEqual([
      [1, false],
      [7, false],
    ]);
  });
});
