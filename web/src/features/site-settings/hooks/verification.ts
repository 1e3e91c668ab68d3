import type { SiteConfig, SiteVerification } from '../../../lib/types';

/** The registries in the order the profile page lists them. */
export const VERIFICATION_KEYS: (keyof SiteVerification)[] = ['dshe', 'dme', 'dte', 'dpe', 'dpe_officer'];

/** The site's verification offer with every missing key (or a missing object) read as offered. */
export function verificationOf(config: Pick<SiteConfig, 'verification'>): SiteVerification {
  const v = config.verification ?? {};
  return Object.fromEntries(VERIFICATION_KEYS.map((k) => [k, v[k] !== false])) as unknown as SiteVerification;
}

/** The config with registry `key` offered or not; the other keys are written out as they read. */
export function withVerification(config: SiteConfig, key: keyof SiteVerification, on: boolean): SiteConfig {
  return { ...config, verification: { ...verificationOf(config), [key]: on } };
}
