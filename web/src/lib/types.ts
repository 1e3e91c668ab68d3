// Types of the foundation API contract (docs/api-foundation.md).

export interface RoleOwner {
  id: number;
  slug: string;
  institution_name: string;
  institution_name_en: string;
  initial?: { logo_image: string | null } | null;
}

export interface Role {
  id: number;
  role: string;
  owner: RoleOwner | null;
}

export interface CurrentRole {
  id: number;
  role: string;
  owner_id: number | null;
  /** What the role may do: module -> action -> granted (docs/api-users.md); absent: refused. */
  permissions?: { [module: string]: { [action: string]: boolean } | undefined };
}

export interface UserInfo {
  id: number;
  name: string;
  name_bn?: string | null;
  email: string | null;
  phone: string | null;
  /** The address was confirmed by opening the mailed verification link. */
  email_verified: boolean;
  phone_verified: boolean;
  photo: string | null;
  type?: number | null;
  completeness?: number | null;
  roles: Role[];
  currentrole: CurrentRole | null;
  /**
   * How this session signed in when it came from an outside sign-in (myGov, Google, Facebook):
   * logging out then ends the provider's session too (GET /my-account/user/idp-logout). Null or
   * absent: signed in with a password.
   */
  sso?: { provider: string } | null;
}

export interface SiteModules {
  faq: boolean;
  partnership: boolean;
  userguide: boolean;
  teacher: boolean;
  partner: boolean;
  home_users: boolean;
  home_features: boolean;
  learner_feedback: boolean;
  sso_login: boolean;
}

/** Which government registries the site's teacher and officer verification offers. */
export interface SiteVerification {
  /** Secondary and higher secondary teachers (DSHE). */
  dshe: boolean;
  /** Madrasah teachers (DME). */
  dme: boolean;
  /** Technical teachers (DTE). */
  dte: boolean;
  /** Primary teachers (DPE). */
  dpe: boolean;
  /** Primary education officers (DPE). */
  dpe_officer: boolean;
}

export interface SiteConfig {
  menus: string[];
  theme: { primary: string; secondary: string };
  slogan_en: string;
  slogan_bn: string;
  modules: SiteModules;
  /** A missing object or key means offered (true). */
  verification?: Partial<SiteVerification>;
}

export interface SiteInfo {
  id: number;
  slug: string;
  is_main: boolean;
  institution_name: string;
  institution_name_en: string;
  logo: string | null;
  site_config: SiteConfig;
}

export interface InstType {
  id: number;
  name: string;
  name_bn: string;
}

export type InstitutionState =
  | 'requested'
  | 'approved'
  | 'provisioning'
  | 'active'
  | 'suspended'
  | 'deleted';

export interface Institution {
  id: number;
  slug: string;
  institution_name: string;
  institution_name_en: string;
  type: InstType | null;
  state: InstitutionState;
  contact_phone: string | null;
  contact_email: string | null;
  applicant: null | { id: number; name: string; email: string };
  url: string | null;
  created_at: string | null;
  approved_at: string | null;
}

export interface PublicInstitution {
  id: number;
  slug: string;
  institution_name: string;
  institution_name_en: string;
  logo: string | null;
  url: string;
}

export interface Category {
  id: number;
  title: string;
  bn_title: string | null;
  image: string | null;
}

export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface DataEnvelope<T> {
  data: T;
}

/** The answer of an action with nothing else to say (`{"data": {"ok": true}}`). */
export interface Done {
  ok: boolean;
}
