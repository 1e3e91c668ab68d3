/** The first segment of a path: "course" for /course/edit/3?x=1, "" for /. */
export function firstSegment(path: string): string {
  return path.split('?')[0].split('/').filter(Boolean)[0] ?? '';
}
