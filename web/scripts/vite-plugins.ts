// Build plugins of the web app (used by vite.config.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|webmanifest|xml|map)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(path);
    } else {
      yield path;
    }
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every text asset of the
 * build, for the server's precompressed static files. index.html is left alone: the server rewrites
 * it per request. A compressed copy that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path) || path === join(outDir, 'index.html')) continue;
        jobs.push(
          (async () => {
            const data = await readFile(path);
            const [br, gzipped] = await Promise.all([
              brotli(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: (await stat(path)).size,
                },
              }),
              gz(data, { level: 9 }),
            ]);
            if (br.length < data.length) await writeFile(`${path}.br`, br);
            if (gzipped.length < data.length) await writeFile(`${path}.gz`, gzipped);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}

// MUI's createTheme and ThemeProvider carry the CSS-variables theme machinery (createThemeWithVars,
// CssVarsProvider, colour-scheme storage, InitColorSchemeScript: ~9 KB gzipped) even for themes
// that do not use CSS variables, as ours (src/theme) do not. These two stand-ins keep only the
// plain-theme path of the originals (@mui/material/styles/{createTheme,ThemeProvider}.mjs, v9) and
// refuse a CSS-variables theme loudly instead of misrendering it.
const MUI_NO_VARS: Record<string, string> = {
  '/@mui/material/styles/createTheme.mjs': `import createThemeNoVars from "./createThemeNoVars.mjs";
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || "colorSchemes" in options) {
    throw new Error("CSS-variables MUI themes are left out of this build (web/scripts/vite-plugins.ts)");
  }
  return createThemeNoVars(options, ...args);
}
`,
  '/@mui/material/styles/ThemeProvider.mjs': `'use client';
import * as React from "react";
import ThemeProviderNoVars from "./ThemeProviderNoVars.mjs";
import THEME_ID from "./identifier.mjs";
import { jsx as _jsx } from "react/jsx-runtime";
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === "function") return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ("colorSchemes" in muiTheme && muiTheme.vars) {
      throw new Error("CSS-variables MUI themes are left out of this build (web/scripts/vite-plugins.ts)");
    }
    return "vars" in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}
`,
};

export function muiWithoutCssVars(): Plugin {
  return {
    name: 'mui-without-css-vars',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      const path = id.split('?')[0].replaceAll('\\', '/');
      for (const [suffix, code] of Object.entries(MUI_NO_VARS)) {
        if (path.endsWith(suffix)) return code;
      }
      return null;
    },
  };
}

interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

const VENDOR_CHUNKS: [string, RegExp][] = [
  ['react', /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/],
  ['router', /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/],
  ['query', /[\\/]node_modules[\\/]@tanstack[\\/]/],
];
const MUI = /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|@babel[\\/]runtime|stylis|hoist-non-react-statics|react-is|react-transition-group|clsx|prop-types|dom-helpers)[\\/]/;
const isVendor = (id: string) => VENDOR_CHUNKS.some(([, re]) => re.test(id));

/**
 * The chunks of the build (rolldown `codeSplitting.groups`):
 * - react, router, query: libraries every page needs, in long-lived chunks of their own;
 * - "mui" and "boot": the MUI code and our modules that start-up uses (rolldown's `$initial`);
 * - "landing-<page>" and "landing": what the landing pages (`pages`, lazy routes) import beyond
 *   start-up, per page and, when several landing pages share it, together. A visitor's first page
 *   then comes in a handful of files instead of one per MUI component, which on a slow connection
 *   costs a round trip each. Modules that the shell's own lazy parts (header search, footer, menus,
 *   src/components/**) also use go to "landing", so that those parts never pull another page's;
 * - everything else is split by rolldown along the lazy imports.
 * A group also takes in its modules' dependencies: start-up groups come first, so that a landing
 * group never takes a start-up module in.
 */
export function chunkGroups(root: string, entry: string, pages: Record<string, string>) {
  const abs = (p: string) => join(root, p).replaceAll('\\', '/');
  const entryId = abs(entry);
  let planned: Map<string, string> | undefined;
  let plannedFor: unknown;

  /**
   * Modules `start` imports, directly or not. The big re-export modules of libraries (MUI's
   * package and styles index) are not followed: they name every component, used or not.
   */
  function closure(ctx: ChunkingContext, start: string): Set<string> {
    const seen = new Set<string>();
    const todo = [start];
    while (todo.length) {
      const id = todo.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const imported = ctx.getModuleInfo(id)?.importedIds ?? [];
      const barrel = /[\\/]node_modules[\\/].*[\\/]index\.m?js$/.test(id) && imported.length > 8;
      if (!barrel) todo.push(...imported);
    }
    return seen;
  }

  function plan(ctx: ChunkingContext): Map<string, string> {
    const pageIds = new Set(Object.values(pages).map(abs));
    // What the lazy parts of the layouts and shared components load on every page.
    const shell = new Set<string>();
    for (const id of closure(ctx, entryId)) {
      if (!/[\\/]src[\\/]components[\\/]/.test(id)) continue;
      for (const lazy of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) for (const m of closure(ctx, lazy)) shell.add(m);
    }
    const users = new Map<string, string[]>();
    for (const [name, page] of Object.entries(pages)) {
      for (const id of closure(ctx, abs(page))) {
        if (pageIds.has(id) || isVendor(id)) continue;
        users.set(id, [...(users.get(id) ?? []), name]);
      }
    }
    // The shell's lazy parts load on every page: what they share with a landing page goes to the
    // shared landing chunk (loaded by every landing page), not to another page's.
    for (const id of shell) if (users.has(id)) users.set(id, ['*', '*']);
    return new Map([...users].map(([id, names]) => [id, names.length > 1 ? 'landing' : `landing-${names[0]}`]));
  }

  return [
    ...VENDOR_CHUNKS.map(([name, test], i) => ({ name, test, priority: 50 - i })),
    { name: 'mui', test: MUI, tags: ['$initial' as const], priority: 30 },
    { name: 'boot', test: (id: string) => id !== entryId && !isVendor(id) && !MUI.test(id), tags: ['$initial' as const], priority: 20 },
    {
      name: (id: string, ctx: ChunkingContext) => {
        // One plan per build (the context is the same for all modules of a chunking pass).
        const key = ctx.getModuleInfo(entryId);
        if (!planned || plannedFor !== key) {
          planned = plan(ctx);
          plannedFor = key;
        }
        return planned.get(id) ?? null;
      },
      priority: 10,
    },
  ];
}

/**
 * `import { Button, Card } from '@mui/material'` → `import Button from '@mui/material/Button'`...:
 * the module graph then says which components a module really uses (the barrel names them all),
 * which chunkGroups needs to place MUI code by the pages that use it. Names without a module of
 * their own (useTheme, types) keep their import.
 */
export function muiDirectImports(root: string): Plugin {
  const exportsMap = JSON.parse(readFileSync(join(root, 'node_modules/@mui/material/package.json'), 'utf8')).exports as Record<string, unknown>;
  const own = (name: string) => /^[A-Z]|^use/.test(name) && `./${name}` in exportsMap;
  const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@mui\/material['"];?/g;
  return {
    name: 'mui-direct-imports',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.[jt]sx?$/.test(id) || !code.includes('@mui/material')) return null;
      let changed = false;
      const out = code.replace(IMPORT, (whole, list: string) => {
        const direct: string[] = [];
        const rest: string[] = [];
        for (const raw of list.split(',').map((s) => s.trim()).filter(Boolean)) {
          const m = /^(type\s+)?(\w+)(?:\s+as\s+(\w+))?$/.exec(raw);
          if (m && !m[1] && own(m[2])) direct.push(`import ${m[3] ?? m[2]} from '@mui/material/${m[2]}';`);
          else rest.push(raw);
        }
        if (!direct.length) return whole;
        changed = true;
        return [...direct, ...(rest.length ? [`import { ${rest.join(', ')} } from '@mui/material';`] : [])].join(' ');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

/**
 * Starts the landing page's own chunks as soon as the HTML arrives, instead of once start-up code
 * has run and asked for them (~1 s sooner on slow 4G): a small external script (CSP allows it,
 * the server nonces it as every script), fetched in parallel with the start-up chunks, adds
 * <link rel="modulepreload"> for the page's chunks and texts in the `lang` cookie's language.
 * `pages`: path pattern (regular expression source) → page module, catalogue namespaces.
 */
export function routePreload(root: string, pages: { path: string; page: string; namespaces: string[] }[]): Plugin {
  let fileName: string | undefined;
  return {
    name: 'route-preload',
    apply: 'build',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!.replaceAll('\\', '/'), c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      const boot = entry ? closure(entry.fileName) : new Set<string>();
      const table = pages.map(({ path, page, namespaces }) => {
        const chunk = byModule.get(join(root, page).replaceAll('\\', '/'));
        if (!chunk) throw new Error(`route-preload: no chunk for ${page}`);
        const code = [...closure(chunk.fileName)].filter((f) => !boot.has(f));
        const texts = (lang: string) =>
          ['common', ...namespaces].map((ns) => byModule.get(join(root, `src/i18n/locales/${lang}/${ns}.json`).replaceAll('\\', '/'))?.fileName).filter(Boolean);
        return [path, { en: [...code, ...texts('en')], bn: [...code, ...texts('bn')] }];
      });
      const source =
        '// Generated by web/scripts/vite-plugins.ts (routePreload).\n' +
        `(function(){var t=${JSON.stringify(table)},l=/(?:^|;\\s*)lang=en(?:;|$)/.test(document.cookie)?"en":"bn";` +
        'for(var i=0;i<t.length;i++){if(new RegExp(t[i][0]).test(location.pathname)){t[i][1][l].forEach(function(f){' +
        'var e=document.createElement("link");e.rel="modulepreload";e.crossOrigin="";e.href="/"+f;document.head.appendChild(e)});break}}})();\n';
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      fileName = `assets/route-preload-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!fileName) return html;
        return html.replace('</title>', `</title>\n    <script src="/${fileName}" async></script>`);
      },
    },
  };
}
