// Shipped catalogues, one JSON file per namespace and language.
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import enAuth from './locales/en/auth.json';
import enHome from './locales/en/home.json';
import enDashboard from './locales/en/dashboard.json';
import enProfile from './locales/en/profile.json';
import enPartners from './locales/en/partners.json';
import enSettings from './locales/en/settings.json';
import enCourses from './locales/en/courses.json';
import enLearn from './locales/en/learn.json';
import bnCommon from './locales/bn/common.json';
import bnErrors from './locales/bn/errors.json';
import bnAuth from './locales/bn/auth.json';
import bnHome from './locales/bn/home.json';
import bnDashboard from './locales/bn/dashboard.json';
import bnProfile from './locales/bn/profile.json';
import bnPartners from './locales/bn/partners.json';
import bnSettings from './locales/bn/settings.json';
import bnCourses from './locales/bn/courses.json';
import bnLearn from './locales/bn/learn.json';

export const NAMESPACES = [
  'common',
  'errors',
  'auth',
  'home',
  'dashboard',
  'profile',
  'partners',
  'settings',
  'courses',
  'learn',
] as const;

export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    auth: enAuth,
    home: enHome,
    dashboard: enDashboard,
    profile: enProfile,
    partners: enPartners,
    settings: enSettings,
    courses: enCourses,
    learn: enLearn,
  },
  bn: {
    common: bnCommon,
    errors: bnErrors,
    auth: bnAuth,
    home: bnHome,
    dashboard: bnDashboard,
    profile: bnProfile,
    partners: bnPartners,
    settings: bnSettings,
    courses: bnCourses,
    learn: bnLearn,
  },
};
