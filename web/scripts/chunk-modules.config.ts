// Which modules each chunk holds, for when scripts/bundle-budget.mjs reports a page over budget:
//   npx vite build --config scripts/chunk-modules.config.ts
// writes <outDir>/.vite/chunk-modules.txt (chunks with their raw and gzipped size and imports, then
// their modules by rendered size).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineConfig, mergeConfig } from 'vite';
import base from '../vite.config';

let outDir = 'dist';
export default mergeConfig(
  base,
  defineConfig({
    plugins: [
      {
        name: 'chunk-modules',
        configResolved(config) {
          outDir = join(config.root, config.build.outDir);
        },
        generateBundle(_options, bundle) {
          const lines: string[] = [];
          for (const chunk of Object.values(bundle)) {
            if (chunk.type !== 'chunk') continue;
            lines.push(`== ${chunk.fileName} raw=${chunk.code.length} gzip=${gzipSync(chunk.code).length} imports=${chunk.imports.join(',')}`);
            for (const [id, m] of Object.entries(chunk.modules).sort((a, b) => b[1].renderedLength - a[1].renderedLength)) {
              if (m.renderedLength > 0) lines.push(`  ${String(m.renderedLength).padStart(7)}  ${id.replace(/.*node_modules\//, '').replace(/.*\/web\//, '')}`);
            }
          }
          mkdirSync(join(outDir, '.vite'), { recursive: true });
          writeFileSync(join(outDir, '.vite', 'chunk-modules.txt'), `${lines.join('\n')}\n`);
        },
      },
    ],
  }),
);
