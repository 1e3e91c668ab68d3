import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../lib/lang';
import { DEFAULT_SITE } from '../../../lib/site';
import { SiteProvider } from '../../../lib/site-context';
import { fetchCall, input, json, render, stubFetch, text } from '../../../lib/test-render';
import type { SiteConfig, SiteInfo } from '../../../lib/types';
import { updateSite } from '../api/site-settings-api';
import { VERIFICATION_KEYS, verificationOf, withVerification } from '../hooks/verification';
import SiteProfilePage from './site-profile-page';

/** The site as retrieve-site answers it, here without a `verification` object (an older config). */
const site: SiteInfo = {
  ...DEFAULT_SITE,
  slug: 'dhaka-college',
  is_main: false,
  institution_name: 'ঢাকা কলেজ',
  institution_name_en: 'Dhaka College',
  site_config: { ...DEFAULT_SITE.site_config, modules: { ...DEFAULT_SITE.site_config.modules, faq: false } },
};

/** The page with the site already fetched (the query cached), as static markup. */
async function show(lang: Lang, config: SiteConfig = site.site_config) {
  const qc = new QueryClient();
  qc.setQueryData(['site'], { ...site, site_config: config });
  return render(
    lang,
    <SiteProvider initial={DEFAULT_SITE}>
      <SiteProfilePage />
    </SiteProvider>,
    { qc },
  );
}

const checked = (tag: string) => /\schecked(=|\s|>|\/)/.test(tag);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('site profile: teacher and officer verification', () => {
  it('shows the section below the modules with all five switches on when the config has no verification', async () => {
    const html = await show('en');
    const shown = text(html);
    expect(shown).toContain('Teacher and officer verification');
    expect(shown).toContain('Choose which government registries');
    expect(shown.indexOf('Modules')).toBeLessThan(shown.indexOf('Teacher and officer verification'));
    expect(shown.indexOf('Teacher and officer verification')).toBeLessThan(shown.indexOf('Save changes'));
    for (const k of VERIFICATION_KEYS) {
      const tag = input(html, `verification-${k}`);
      expect(tag, k).toContain('type="checkbox"');
      expect(checked(tag), k).toBe(true);
    }
    expect(shown).toContain('Secondary and higher secondary teachers (DSHE)');
    expect(shown).toContain('Primary education officers (DPE)');
    expect(html).toContain('role="group" aria-labelledby="verification-title" aria-describedby="verification-hint"');
  });

  it('reads a missing key as on and a false key as off', async () => {
    const html = await show('en', { ...site.site_config, verification: { dme: false, dpe: true } });
    expect(checked(input(html, 'verification-dme'))).toBe(false);
    for (const k of ['dshe', 'dte', 'dpe', 'dpe_officer']) expect(checked(input(html, `verification-${k}`)), k).toBe(true);
  });

  it('labels the section and switches in Bangla', async () => {
    const shown = text(await show('bn'));
    expect(shown).toContain('শিক্ষক ও কর্মকর্তা যাচাই');
    expect(shown).toContain('মাদ্রাসা শিক্ষক (মাদ্রাসা শিক্ষা অধিদপ্তর)');
    expect(shown).toContain('প্রাথমিক শিক্ষা অধিদপ্তরের কর্মকর্তা');
  });

  it('turning one registry off sends verification with that key false, the rest true, in the PUT body', async () => {
    const toggled = withVerification(site.site_config, 'dte', false);
    const fetchMock = stubFetch(() => json({ data: { ...site, site_config: toggled } }));
    await updateSite({ site_config: toggled });
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/institutions/update-site');
    expect(init.method).toBe('PUT');
    const body = JSON.parse(String(init.body));
    expect(body.site_config.verification).toEqual({ dshe: true, dme: true, dte: false, dpe: true, dpe_officer: true });
    // The rest of the form goes along unchanged.
    expect(body.site_config.modules).toEqual(site.site_config.modules);
    expect(body.site_config.slogan_en).toBe(site.site_config.slogan_en);
    // And the page shows the switch off once the config holds it.
    expect(checked(input(await show('en', toggled), 'verification-dte'))).toBe(false);
  });

  it('reads verification defaults without changing the config', () => {
    expect(verificationOf({})).toEqual({ dshe: true, dme: true, dte: true, dpe: true, dpe_officer: true });
    expect(verificationOf({ verification: { dpe_officer: false } }).dpe_officer).toBe(false);
    const toggledBack = withVerification(withVerification(site.site_config, 'dshe', false), 'dshe', true);
    expect(toggledBack.verification).toEqual(verificationOf({}));
    expect(site.site_config.verification).toBeUndefined();
  });
});
