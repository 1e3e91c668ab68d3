import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/auth-storage';
import { resources } from '../../../i18n/resources';
import { ME_KEY } from '../../../lib/session';
import { fetchCall, href, input, json, noop, render, runMutation, stubFetch, tag, text, memoryStorage } from '../../../lib/test-render';
import { referenceKeys } from '../../../lib/reference-api';
import type { UserInfo } from '../../../lib/types';
import {
  fetchUpazilaInfo,
  fetchUpazilas,
  PHOTO_MAX_BYTES,
  photoProblem,
  updateProfile,
  upazilaKeys,
  uploadProfilePhoto,
  type Profile,
  type ProfileBody,
  type UpazilaInfo,
} from '../api/profile-api';
import { birthDateProblem, chooseDistrict, emailChanged, isMobileNumber, profileBody } from '../hooks/profile-form';
import { profileValues } from '../hooks/profile-values';
import { changePasswordMutation, passwordErrors, profileErrors, profileKey, updateProfileMutation } from '../hooks/use-profile';
import AccountSettingsPage from './account-settings-page';
import { PasswordChangeForm } from './password-change';
import { PhotoPicker } from './profile-photo';
import MyProfilePage from './my-profile-page';
import ProfilePages from './profile-pages';
import { ProfileForm } from './profile-form';

const profile: Profile = {
  id: 7,
  name: 'Mitu Akter',
  name_bn: null,
  email: 'mitu@example.com',
  email_verified: false,
  phone: '+8801712345678',
  phone_verified: false,
  photo: null,
  gender: 'female',
  date_of_birth: '1995-03-07',
  address: null,
  bio: null,
  profession_id: null,
  district_id: null,
  upazila_id: null,
  completeness: 60,
  missing: ['name_bn', 'email_verified', 'photo', 'address', 'bio'],
};

const user: UserInfo = { id: 7, name: 'Mitu Akter', email: 'mitu@example.com', phone: null, email_verified: true, phone_verified: false, photo: null, roles: [], currentrole: null };


/** A client holding the profile, as the pages find it (the static render has no token: key null). */
function withProfile(p: Profile = profile) {
  const qc = new QueryClient();
  qc.setQueryData(profileKey(null), p);
  return qc;
}

/** The reference lists (lib/reference-api.ts) as read once per session. */
function withReferenceLists(qc = new QueryClient()) {
  qc.setQueryData(referenceKeys.professions, [
    { id: 3, title: 'Teacher', bn_title: 'শিক্ষক' },
    { id: 4, title: 'Farmer', bn_title: 'কৃষক' },
  ]);
  qc.setQueryData(referenceKeys.divisions, [
    { id: 3, title: 'Dhaka', bn_title: 'ঢাকা' },
    { id: 4, title: 'Khulna', bn_title: 'খুলনা' },
  ]);
  qc.setQueryData(referenceKeys.districts, [
    { id: 1, division_id: 3, title: 'Dhaka', bn_title: 'ঢাকা' },
    { id: 47, division_id: 4, title: 'Khulna', bn_title: 'খুলনা' },
  ]);
  return qc;
}

/** Three upazilas of Dhaka district (id 1), as upazilas/1 answers them: by English name. */
const dhakaUpazilas = [
  { id: 102, district_id: 1, title: 'Dhamrai', bn_title: 'ধামরাই' },
  { id: 103, district_id: 1, title: 'Keraniganj', bn_title: 'কেরানীগঞ্জ' },
  { id: 101, district_id: 1, title: 'Savar', bn_title: 'সাভার' },
];

const savar: UpazilaInfo = {
  ...dhakaUpazilas[2],
  district: { id: 1, division_id: 3, title: 'Dhaka', bn_title: 'ঢাকা' },
  division: { id: 3, title: 'Dhaka', bn_title: 'ঢাকা' },
};

/** The reference lists with the upazilas of Dhaka district read (and Khulna district's, none here). */
function withUpazilas(qc = withReferenceLists()) {
  qc.setQueryData(upazilaKeys.list(1), dhakaUpazilas);
  qc.setQueryData(upazilaKeys.list(47), []);
  return qc;
}

/** The <select> tag whose id is `id` ('' when absent). */
const select = (html: string, id: string) => new RegExp(`<select\\b[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';

/** The options of the <select> whose id is `id`, as [value, text] in their order. */
function options(html: string, id: string): [string, string][] {
  const body = new RegExp(`<select\\b[^>]*id="${id}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? '';
  return [...body.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
}

const form = (over: Partial<Parameters<typeof ProfileForm>[0]> = {}) => (
  <ProfileForm values={profileValues(profile)} savedEmail={profile.email} pending={false} error={null} fieldErrors={{}} onSubmit={noop} onCancel={noop} {...over} />
);

/** The photo's refusal as the page words it. */
const resourcesText = (lang: 'en' | 'bn', problem: 'type' | 'size') => (resources[lang].profile.photo as Record<string, string>)[problem];

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage({ token: 'old-bearer' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('profile route', () => {
  it('draws the tab of /profile/:tab?, and not found for another', async () => {
    const at = (url: string) => render('en', <ProfilePages />, { at: url, path: '/profile/:tab?', qc: withProfile() });
    expect(tag(await at('/profile/myprofile'), 'my-profile-page')).not.toBe('');
    expect(tag(await at('/profile/account-setting'), 'account-settings-page')).not.toBe('');
    expect(tag(await at('/profile/settings'), 'not-found-page')).not.toBe('');
    // /profile goes on to /profile/myprofile (a redirect: nothing drawn here).
    expect(text(await at('/profile')).trim()).toBe('');
  });
});

describe('my profile page', () => {
  it('shows the profile from profile-info, in Bangla digits, with what is missing as links to add it', async () => {
    const html = await render('bn', <MyProfilePage />, { at: '/profile/myprofile', qc: withProfile() });
    expect(tag(html, 'profile-edit')).not.toBe('');
    expect(text(html)).toContain('প্রোফাইল সম্পাদনা');
    const view = text(html);
    expect(view).toContain('প্রোফাইল ৬০% সম্পূর্ণ');
    expect(view).toContain('০১৭১২৩৪৫৬৭৮');
    expect(view).toContain('৭ মার্চ, ১৯৯৫');
    expect(view).toContain('নারী');
    expect(view).toContain('যাচাই করা হয়নি');
    expect(tag(html, 'profile-missing')).not.toBe('');
    for (const part of ['name_bn', 'email_verified', 'photo', 'address', 'bio']) expect(tag(html, `missing-${part}`)).not.toBe('');
    expect(tag(html, 'missing-phone')).toBe('');
    expect(view).toContain('বাংলায় আপনার নাম যোগ করুন');
    expect(view).toContain('ই-মেইল যাচাই করুন');
    // The tabs lead to the other profile page.
    expect(html).toMatch(/href="\/profile\/account-setting"/);

    const en = text(await render('en', <MyProfilePage />, { at: '/profile/myprofile', qc: withProfile({ ...profile, missing: [], completeness: 100, email_verified: true }) }));
    expect(en).toContain('Profile 100% complete');
    expect(en).toContain('7 March 1995');
    expect(en).toContain('Your profile is complete.');
    expect(en).toContain('Verified');
  });

  it('shows whether the phone is verified, with the way to verify it when it is not', async () => {
    const html = await render('bn', <MyProfilePage />, { at: '/profile/myprofile', qc: withProfile() });
    expect(tag(html, 'phone-unverified')).not.toBe('');
    expect(tag(html, 'phone-verified')).toBe('');
    expect(href(html, 'phone-verify-link')).toBe('/mobile-verification');
    expect(text(html)).toContain('যাচাই করুন');
    // The e-mail's chip is apart from the phone's.
    expect(tag(html, 'email-unverified')).not.toBe('');

    const verified = await render('en', <MyProfilePage />, { at: '/profile/myprofile', qc: withProfile({ ...profile, phone_verified: true }) });
    expect(tag(verified, 'phone-verified')).not.toBe('');
    expect(tag(verified, 'phone-verify-link')).toBe('');
    const none = await render('en', <MyProfilePage />, { at: '/profile/myprofile', qc: withProfile({ ...profile, phone: null }) });
    expect(tag(none, 'phone-verified') + tag(none, 'phone-unverified') + tag(none, 'phone-verify-link')).toBe('');
  });
});

describe('profile photo', () => {
  it('offers the upload from the picture, a button and the "missing" chip, saying the middle is kept', async () => {
    const html = await render('en', <MyProfilePage />, { at: '/profile/myprofile', qc: withProfile() });
    const picker = tag(html, 'photo-input');
    expect(picker).toContain('type="file"');
    expect(picker).toContain('accept="image/jpeg,image/png,image/gif,image/webp"');
    expect(picker).toContain('id="profile-photo-input"');
    expect(tag(html, 'photo-change')).not.toContain('disabled');
    expect(text(html)).toContain('Add photo');
    expect(text(html)).toContain('The middle of the picture is kept as a square.');
    expect(text(html)).toContain('Add a profile photo');
    expect(tag(html, 'missing-photo')).toContain('role="button"');
    expect(text(html)).not.toContain('coming soon');

    const withPhoto = await render('bn', <MyProfilePage />, { at: '/profile/myprofile', qc: withProfile({ ...profile, photo: '/user-photo/7/photo-ab12cd34ef56ab78.jpg' }) });
    expect(withPhoto).toContain('src="/user-photo/7/photo-ab12cd34ef56ab78.jpg"');
    expect(text(withPhoto)).toContain('ছবি বদলান');
    expect(text(withPhoto)).toContain('মাঝখানের বর্গাকার অংশটুকু রাখা হবে');
  });

  it('refuses a file of another kind or over 5 MB before sending it, with a translated message', async () => {
    expect(photoProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
    for (const type of ['image/png', 'image/gif', 'image/webp']) expect(photoProblem({ type, size: PHOTO_MAX_BYTES })).toBeNull();
    expect(photoProblem({ type: 'image/png', size: PHOTO_MAX_BYTES + 1 })).toBe('size');
    for (const type of ['image/bmp', 'image/heic', 'application/pdf', '']) expect(photoProblem({ type, size: 1000 })).toBe('type');
    expect(PHOTO_MAX_BYTES).toBe(5 * 1024 * 1024);

    const picker = (lang: 'en' | 'bn', problem: 'type' | 'size') =>
      render(lang, <PhotoPicker src={null} initial="M" progress={null} error={resourcesText(lang, problem)} onPick={noop} />);
    expect(tag(await picker('en', 'size'), 'photo-error')).not.toBe('');
    expect(text(await picker('en', 'size'))).toContain('This picture is larger than 5 MB. Choose a smaller one.');
    expect(text(await picker('en', 'type'))).toContain('Choose a JPEG, PNG, GIF or WebP picture.');
    expect(text(await picker('bn', 'size'))).toContain('ছবিটি ৫ MB-এর চেয়ে বড়।');
    expect(tag(await render('en', <PhotoPicker src={null} initial="M" progress={null} error={null} onPick={noop} />), 'photo-error')).toBe('');
  });

  it('shows the preview and the progress while sending, and posts the file as `photo`', async () => {
    const busy = await render('bn', <PhotoPicker src="blob:preview" initial="M" progress={42} error={null} onPick={noop} />);
    expect(busy).toContain('src="blob:preview"');
    expect(tag(busy, 'photo-change')).toContain('disabled');
    expect(text(busy)).toContain('আপলোড হচ্ছে… ৪২%');
    expect(busy).toContain('aria-valuenow="42"');

    const sent: { url?: string; body?: FormData; headers: Record<string, string> } = { headers: {} };
    const saved = { ...user, photo: '/user-photo/7/photo-ab12cd34ef56ab78.jpg' };
    class FakeXhr {
      status = 200;
      responseText = JSON.stringify({ data: saved });
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      open(_method: string, url: string) {
        sent.url = url;
      }
      setRequestHeader(k: string, v: string) {
        sent.headers[k] = v;
      }
      send(body: FormData) {
        sent.body = body;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    await expect(uploadProfilePhoto(file, (p) => progress.push(p)).promise).resolves.toEqual(saved);
    expect(sent.url).toBe('/my-account/user/profile_photo');
    expect(sent.headers.Authorization).toBe('Bearer old-bearer');
    expect((sent.body?.get('photo') as File).name).toBe('me.png');
    expect(progress).toEqual([50, 100]);
  });
});

describe('profile form', () => {
  it('starts from the profile, and asks for the current password only when the e-mail changes', async () => {
    const values = profileValues(profile);
    expect(values.phone).toBe('01712345678');
    const html = await render('en', form());
    expect(tag(html, 'profile-form')).not.toBe('');
    expect(input(html, 'profile-name')).toContain('value="Mitu Akter"');
    expect(input(html, 'profile-phone')).toContain('value="01712345678"');
    expect(input(html, 'profile-date-of-birth')).toContain('type="date"');
    expect(html).toMatch(/<option value="female" selected="">Female<\/option>/);
    expect(text(html)).toContain('A Bangladeshi mobile number: 01XXXXXXXXX');
    expect(tag(html, 'profile-bio-count')).not.toBe('');
    expect(text(html)).toContain('0/1,000');
    expect(tag(html, 'profile-current-password')).toBe('');
    expect(tag(html, 'profile-save')).toContain('type="submit"');

    // A new address (any case of the old one is the same) brings the current password, with why.
    expect(tag(await render('en', form({ values: { ...profileValues(profile), email: ' MITU@Example.com' } })), 'profile-current-password')).toBe('');
    const moving = await render('bn', form({ values: { ...profileValues(profile), email: 'new@example.com' } }));
    expect(tag(moving, 'profile-current-password')).not.toBe('');
    expect(input(moving, 'profile-current-password')).toContain('type="password"');
    expect(input(moving, 'profile-current-password')).toContain('autoComplete="current-password"');
    expect(text(moving)).toContain('বর্তমান পাসওয়ার্ড দিন');

    expect(emailChanged(' MITU@example.com ', 'mitu@example.com')).toBe(false);
    expect(emailChanged('new@example.com', 'mitu@example.com')).toBe(true);

    // Every field goes; the password only with a new address.
    const same = profileBody({ ...values, bio: '  Teacher  ', current_password: 'typed-anyway' }, profile.email);
    expect(same).toEqual({
      name: 'Mitu Akter',
      name_bn: '',
      email: 'mitu@example.com',
      phone: '01712345678',
      gender: 'female',
      date_of_birth: '1995-03-07',
      address: '',
      bio: 'Teacher',
      profession_id: null,
      district_id: null,
      upazila_id: null,
      current_password: '',
    });
    const moved = profileBody({ ...values, email: 'new@example.com', current_password: 'my-old-pass' }, profile.email);
    expect(moved.email).toBe('new@example.com');
    expect(moved.current_password).toBe('my-old-pass');
    expect(Object.keys(moved).sort()).toEqual(['address', 'bio', 'current_password', 'date_of_birth', 'district_id', 'email', 'gender', 'name', 'name_bn', 'phone', 'profession_id', 'upazila_id']);
  });

  it('posts the body to update-profile and shows the answer as the profile', async () => {
    const saved: Profile = { ...profile, email: 'new@example.com', email_verified: false };
    const fetchMock = stubFetch(() => json({ data: saved }));
    const qc = new QueryClient();
    const body: ProfileBody = { ...profileBody(profileValues(profile), profile.email), email: 'new@example.com', current_password: 'my-old-pass' };
    await runMutation(updateProfileMutation(qc), body, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/user/update-profile');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(body);
    expect(qc.getQueryData(profileKey('old-bearer'))).toEqual(saved);
  });

  it("shows the server's messages under the fields they concern, and the current password when it is at fault", async () => {
    const errors = {
      email: ['This e-mail address is already in use.'],
      phone: ['Enter a Bangladeshi mobile number (01XXXXXXXXX).'],
      current_password: ['This is not your current password.'],
    };
    stubFetch(() => json({ message: 'The given data was invalid.', code: 'validation_failed', errors }, 422));
    const err = await updateProfile(profileBody(profileValues(profile), profile.email)).catch((e: unknown) => e);
    const fieldErrors = profileErrors(err);
    expect(fieldErrors).toEqual({ email: errors.email[0], phone: errors.phone[0], current_password: errors.current_password[0] });
    const html = await render('en', form({ fieldErrors }));
    expect(input(html, 'profile-email')).toContain('aria-invalid="true"');
    expect(input(html, 'profile-phone')).toContain('aria-invalid="true"');
    expect(input(html, 'profile-name')).toContain('aria-invalid="false"');
    expect(text(html)).toContain('This e-mail address is already in use.');
    expect(text(html)).toContain('Enter a Bangladeshi mobile number (01XXXXXXXXX).');
    // The hint gives way to the error.
    expect(text(html)).not.toContain('A Bangladeshi mobile number: 01XXXXXXXXX');
    expect(tag(html, 'profile-current-password')).not.toBe('');
    expect(input(html, 'profile-current-password')).toContain('aria-invalid="true"');
    expect(text(html)).toContain('This is not your current password.');

    const bn = await render('bn', form({ pending: true, error: 'সার্ভারে সমস্যা হয়েছে।' }));
    expect(tag(bn, 'profile-save')).toContain('disabled');
    expect(text(bn)).toContain('সংরক্ষণ');
    expect(tag(bn, 'form-error')).not.toBe('');
    expect(text(bn)).toContain('০/১,০০০');
  });

  it('reads the profession and the district from profile-info and sends them as ids, null to clear', async () => {
    const qc = withReferenceLists(withProfile({ ...profile, profession_id: 3, district_id: 47 }));
    const values = profileValues({ ...profile, profession_id: 3, district_id: 47 });
    expect(values).toMatchObject({ profession_id: 3, district_id: 47 });

    // The form shows them in the interface's language: a select of professions, the district typed.
    const html = await render('bn', form({ values }), { qc });
    expect(html).toMatch(/<option value="3" selected="">শিক্ষক<\/option>/);
    expect(html).toContain('<option value="">দেওয়া হয়নি</option>');
    expect(input(html, 'profile-district-id')).toContain('value="খুলনা"');
    expect(text(html)).toContain('পেশা');
    expect(text(html)).toContain('জেলা');
    const en = await render('en', form({ values: { ...values, district_id: null } }), { qc });
    expect(input(en, 'profile-district-id')).toContain('value=""');

    // The page shows them too.
    const page = text(await render('bn', <MyProfilePage />, { at: '/profile/myprofile', qc }));
    expect(page).toContain('শিক্ষক');
    expect(page).toContain('খুলনা');

    const fetchMock = stubFetch(() => json({ data: { ...profile, profession_id: 3, district_id: null } }));
    await runMutation(updateProfileMutation(qc), profileBody({ ...values, district_id: null }, profile.email), qc);
    const sent = JSON.parse(String(fetchCall(fetchMock)[1].body));
    expect(sent.profession_id).toBe(3);
    expect(sent.district_id).toBeNull();

    // A refused id is said under its field.
    const refused = await render('en', form({ values, fieldErrors: { district_id: 'Choose one of the offered values.' } }), { qc });
    expect(input(refused, 'profile-district-id')).toContain('aria-invalid="true"');
    expect(text(refused)).toContain('Choose one of the offered values.');
  });

  it('checks the phone and the birth date as the server does', () => {
    for (const ok of ['01712345678', '+8801712345678', '8801712345678', '017-1234-5678', '+88 017 1234 5678', '(017) 1234.5678', '০১৭১২৩৪৫৬৭৮']) expect(isMobileNumber(ok)).toBe(true);
    for (const bad of ['01212345678', '1712345678', '0171234567', '017123456789', 'phone']) expect(isMobileNumber(bad)).toBe(false);
    expect(birthDateProblem('', '2026-05-01')).toBeNull();
    expect(birthDateProblem('1995-03-07', '2026-05-01')).toBeNull();
    expect(birthDateProblem('1899-12-31', '2026-05-01')).toBe('out_of_range');
    expect(birthDateProblem('2026-05-01', '2026-05-01')).toBe('out_of_range');
    expect(birthDateProblem('07/03/1995', '2026-05-01')).toBe('invalid');
  });
});

describe('upazila', () => {
  it('reads the upazilas of a district and one upazila with its district and division', async () => {
    const list = stubFetch(() => json({ data: dhakaUpazilas }));
    await expect(fetchUpazilas(1)).resolves.toEqual(dhakaUpazilas);
    expect(fetchCall(list)[0]).toBe('/admin-settings/upazilas/1');
    expect(fetchCall(list)[1].method ?? 'GET').toBe('GET');

    const info = stubFetch(() => json({ data: savar }));
    await expect(fetchUpazilaInfo(101)).resolves.toEqual(savar);
    expect(fetchCall(info)[0]).toBe('/admin-settings/upazilaInfo/101');

    stubFetch(() => json({ message: 'Not found.', code: 'not_found' }, 404));
    const missing = await fetchUpazilaInfo(999).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).status).toBe(404);

    // Cached per district and per upazila.
    expect(upazilaKeys.list(1)).not.toEqual(upazilaKeys.list(47));
    expect(upazilaKeys.info(101)).not.toEqual(upazilaKeys.list(101));
  });

  it("lists the chosen district's upazilas right after the district, by name in the interface's language", async () => {
    const qc = withUpazilas();
    const values = { ...profileValues(profile), district_id: 1, upazila_id: 101 };
    const bn = await render('bn', form({ values }), { qc });
    expect(select(bn, 'profile-upazila-id')).not.toBe('');
    expect(select(bn, 'profile-upazila-id')).not.toContain('disabled');
    expect(text(bn)).toContain('উপজেলা');
    expect(options(bn, 'profile-upazila-id')).toEqual([
      ['', 'দেওয়া হয়নি'],
      ['103', 'কেরানীগঞ্জ'],
      ['102', 'ধামরাই'],
      ['101', 'সাভার'],
    ]);
    expect(bn).toMatch(/<option value="101" selected="">সাভার<\/option>/);
    expect(text(bn)).not.toContain('আগে জেলা বেছে নিন');
    // After the district, before the address.
    const at = (id: string) => bn.indexOf(`id="${id}"`);
    expect(at('profile-district-id')).toBeGreaterThan(-1);
    expect(at('profile-upazila-id')).toBeGreaterThan(at('profile-district-id'));
    expect(at('profile-address')).toBeGreaterThan(at('profile-upazila-id'));

    const en = await render('en', form({ values }), { qc });
    expect(text(en)).toContain('Upazila');
    expect(options(en, 'profile-upazila-id')).toEqual([
      ['', 'Not given'],
      ['102', 'Dhamrai'],
      ['103', 'Keraniganj'],
      ['101', 'Savar'],
    ]);
    expect(en).toMatch(/<option value="101" selected="">Savar<\/option>/);

    // Another district lists its own (none here): a saved id it lacks keeps its place as "#id".
    const khulna = await render('en', form({ values: { ...values, district_id: 47, upazila_id: null } }), { qc });
    expect(options(khulna, 'profile-upazila-id')).toEqual([['', 'Not given']]);
    const unknown = await render('bn', form({ values: { ...values, upazila_id: 555 } }), { qc });
    expect(unknown).toMatch(/<option value="555" selected="">#৫৫৫<\/option>/);
  });

  it('is disabled, with a hint, until a district is chosen', async () => {
    const qc = withUpazilas();
    const en = await render('en', form({ values: { ...profileValues(profile), district_id: null, upazila_id: null } }), { qc });
    expect(select(en, 'profile-upazila-id')).toContain('disabled');
    expect(options(en, 'profile-upazila-id')).toEqual([['', 'Not given']]);
    expect(text(en)).toContain('Choose a district first');
    // The hint is the select's description.
    expect(select(en, 'profile-upazila-id')).toContain('aria-describedby="profile-upazila-id-helper-text"');
    expect(en).toContain('id="profile-upazila-id-helper-text"');

    const bn = await render('bn', form({ values: { ...profileValues(profile), district_id: null, upazila_id: 101 } }), { qc });
    expect(select(bn, 'profile-upazila-id')).toContain('disabled');
    expect(text(bn)).toContain('আগে জেলা বেছে নিন');
    expect(bn).not.toContain('সাভার');
  });

  it('sends upazila_id (null for none), and choosing another district clears it', async () => {
    const values = { ...profileValues(profile), district_id: 1, upazila_id: 101 };
    expect(profileValues({ ...profile, district_id: 1, upazila_id: 101 })).toMatchObject({ district_id: 1, upazila_id: 101 });
    expect(profileBody(values, profile.email)).toMatchObject({ district_id: 1, upazila_id: 101 });
    expect(profileBody({ ...values, upazila_id: null }, profile.email).upazila_id).toBeNull();
    // An upazila without a district is never sent (the server would refuse it).
    expect(profileBody({ ...values, district_id: null }, profile.email)).toMatchObject({ district_id: null, upazila_id: null });

    const saved: Profile = { ...profile, district_id: 1, upazila_id: 101 };
    const fetchMock = stubFetch(() => json({ data: saved }));
    const qc = new QueryClient();
    await runMutation(updateProfileMutation(qc), profileBody(values, profile.email), qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/user/update-profile');
    const sent = JSON.parse(String(init.body));
    expect(sent.district_id).toBe(1);
    expect(sent.upazila_id).toBe(101);
    expect(qc.getQueryData(profileKey('old-bearer'))).toEqual(saved);

    // The district field's choice: the same district keeps the upazila, another or none clears it.
    const place = { district_id: 1, upazila_id: 101 };
    expect(chooseDistrict(place, 1)).toEqual({ district_id: 1, upazila_id: 101 });
    expect(chooseDistrict(place, 47)).toEqual({ district_id: 47, upazila_id: null });
    expect(chooseDistrict(place, null)).toEqual({ district_id: null, upazila_id: null });
    expect(chooseDistrict({ district_id: null, upazila_id: null }, 1)).toEqual({ district_id: 1, upazila_id: null });
  });

  it("shows the server's refusal of upazila_id under the select, in either language", async () => {
    const refusal = (message: string) => stubFetch(() => json({ message: 'The given data was invalid.', code: 'validation_failed', errors: { upazila_id: [message] } }, 422));
    const values = { ...profileValues(profile), district_id: 47, upazila_id: 101 };
    const qc = withUpazilas();

    refusal('Choose an upazila of the chosen district.');
    const fieldErrors = profileErrors(await updateProfile(profileBody(values, profile.email)).catch((e: unknown) => e));
    expect(fieldErrors).toEqual({ upazila_id: 'Choose an upazila of the chosen district.' });
    const en = await render('en', form({ values, fieldErrors }), { qc });
    expect(select(en, 'profile-upazila-id')).toContain('aria-invalid="true"');
    expect(input(en, 'profile-district-id')).toContain('aria-invalid="false"');
    expect(text(en)).toContain('Choose an upazila of the chosen district.');

    refusal('বেছে নেওয়া জেলার একটি উপজেলা বেছে নিন।');
    const bnErrors = profileErrors(await updateProfile(profileBody(values, profile.email)).catch((e: unknown) => e));
    const bn = await render('bn', form({ values, fieldErrors: bnErrors }), { qc });
    expect(select(bn, 'profile-upazila-id')).toContain('aria-invalid="true"');
    expect(text(bn)).toContain('বেছে নেওয়া জেলার একটি উপজেলা বেছে নিন।');
    // Without a district the refusal still shows in place of the hint.
    const alone = await render('en', form({ values: { ...values, district_id: null }, fieldErrors }), { qc });
    expect(text(alone)).toContain('Choose an upazila of the chosen district.');
    expect(text(alone)).not.toContain('Choose a district first');
  });

  it('shows the upazila with the district on the profile page', async () => {
    const qc = withUpazilas(withReferenceLists(withProfile({ ...profile, district_id: 1, upazila_id: 101 })));
    qc.setQueryData(upazilaKeys.info(101), savar);
    const bn = await render('bn', <MyProfilePage />, { at: '/profile/myprofile', qc });
    expect(tag(bn, 'profile-place')).not.toBe('');
    expect(text(bn)).toContain('সাভার, ঢাকা');
    const en = await render('en', <MyProfilePage />, { at: '/profile/myprofile', qc });
    expect(text(en)).toContain('Savar, Dhaka');

    // Until upazilaInfo has answered, the district shows alone; without an upazila, too.
    const reading = withReferenceLists(withProfile({ ...profile, district_id: 1, upazila_id: 102 }));
    const waiting = await render('bn', <MyProfilePage />, { at: '/profile/myprofile', qc: reading });
    expect(tag(waiting, 'profile-place')).toBe('');
    expect(text(waiting)).toContain('ঢাকা');
    expect(text(waiting)).not.toContain('ধামরাই');
    const none = await render('en', <MyProfilePage />, { at: '/profile/myprofile', qc: withReferenceLists(withProfile({ ...profile, district_id: 47 })) });
    expect(tag(none, 'profile-place')).toBe('');
    expect(text(none)).toContain('Khulna');
  });
});

describe('account settings page', () => {
  it('shows the e-mail and its verification state, the password form, and the way back to the profile', async () => {
    const html = await render('en', <AccountSettingsPage />, { at: '/profile/account-setting', qc: withProfile() });
    expect(text(html)).toContain('mitu@example.com');
    expect(text(html)).toContain('Not verified');
    expect(tag(html, 'account-resend')).not.toBe('');
    expect(html).toMatch(/href="\/profile\/myprofile"/);
    expect(html).toMatch(/href="\/profile\/myprofile\?edit=email"/);
    // The password form comes in its own chunk (a placeholder meanwhile).
    const form = await render('en', <PasswordChangeForm email="mitu@example.com" pending={false} done={false} error={null} fieldErrors={{}} onSubmit={noop} />);
    expect(tag(form, 'password-change-form')).not.toBe('');
    expect(tag(form, 'password-change-submit')).toContain('type="submit"');
    expect(input(form, 'account-current-password')).toContain('autoComplete="current-password"');
    expect(input(form, 'account-password')).toContain('autoComplete="new-password"');
    expect(input(form, 'account-password-confirmation')).toContain('type="password"');

    const bn = text(await render('bn', <AccountSettingsPage />, { at: '/profile/account-setting', qc: withProfile({ ...profile, email_verified: true }) }));
    expect(bn).toContain('যাচাইকৃত');
    expect(bn).toContain('অ্যাকাউন্ট সেটিংস');
    const bnForm = text(await render('bn', <PasswordChangeForm email="" pending={false} done={false} error={null} fieldErrors={{}} onSubmit={noop} />));
    expect(bnForm).toContain('পাসওয়ার্ড পরিবর্তন');
    expect(bnForm).toContain('কমপক্ষে ৮ অক্ষর');
  });

  it('changes the password, stores the new session as logging in does, and says other devices were signed out', async () => {
    const fetchMock = stubFetch(() => json({ data: { token: 'new-bearer', user } }));
    const qc = new QueryClient();
    qc.setQueryData(profileKey('old-bearer'), profile);
    const done = vi.fn();
    const values = { current_password: 'my-old-pass', password: 'a-long-new-pass', password_confirmation: 'a-long-new-pass' };
    await runMutation(changePasswordMutation(qc, done), values, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/my-account/password/reset');
    expect(init.method).toBe('PUT');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer old-bearer');
    expect(JSON.parse(String(init.body))).toEqual(values);
    expect(getToken()).toBe('new-bearer');
    expect(qc.getQueryData([...ME_KEY, 'new-bearer'])).toEqual(user);
    expect(qc.getQueryData(profileKey('new-bearer'))).toEqual(profile);
    expect(done).toHaveBeenCalledTimes(1);

    const html = await render('en', <PasswordChangeForm email="mitu@example.com" pending={false} done error={null} fieldErrors={{}} onSubmit={noop} />);
    expect(tag(html, 'password-changed')).not.toBe('');
    expect(text(html)).toContain('Your password was changed; other devices were signed out.');
  });

  it('keeps the role chosen on this browser for the new session', async () => {
    vi.stubGlobal('localStorage', memoryStorage({ token: 'old-bearer', 'Role-id': '12', 'Owner-id': '3' }));
    stubFetch(() => json({ data: { token: 'new-bearer', user } }));
    const qc = new QueryClient();
    const currentrole = { id: 12, role: 'partner-admin', owner_id: 3 };
    qc.setQueryData([...ME_KEY, 'old-bearer'], { ...user, currentrole });
    await runMutation(changePasswordMutation(qc), { current_password: 'x-old-pass', password: 'a-long-new-pass', password_confirmation: 'a-long-new-pass' }, qc);
    expect(getToken()).toBe('new-bearer');
    expect(localStorage.getItem('Role-id')).toBe('12');
    expect(qc.getQueryData<UserInfo>([...ME_KEY, 'new-bearer'])?.currentrole).toEqual(currentrole);
  });

  it("shows the server's password messages under their fields and keeps the old session", async () => {
    const errors = {
      current_password: ['This is not your current password.'],
      password: ['This password is too common or too close to your name or address. Choose another.'],
    };
    stubFetch(() => json({ message: 'The given data was invalid.', code: 'validation_failed', errors }, 422));
    const qc = new QueryClient();
    const err = await runMutation(changePasswordMutation(qc), { current_password: 'wrong', password: 'password1', password_confirmation: 'password1' }, qc).catch((e: unknown) => e);
    expect(getToken()).toBe('old-bearer');
    const fieldErrors = passwordErrors(err);
    expect(fieldErrors).toEqual({ current_password: errors.current_password[0], password: errors.password[0] });
    const html = await render('en', <PasswordChangeForm email="" pending={false} done={false} error={null} fieldErrors={fieldErrors} onSubmit={noop} />);
    expect(input(html, 'account-current-password')).toContain('aria-invalid="true"');
    expect(input(html, 'account-password')).toContain('aria-invalid="true"');
    expect(input(html, 'account-password-confirmation')).toContain('aria-invalid="false"');
    expect(text(html)).toContain('This is not your current password.');
    expect(text(html)).toContain('too common');
    expect(tag(html, 'password-changed')).toBe('');

    const busy = await render('bn', <PasswordChangeForm email="" pending done={false} error="অনেকবার চেষ্টা করা হয়েছে।" fieldErrors={{}} onSubmit={noop} />);
    expect(tag(busy, 'password-change-submit')).toContain('disabled');
    expect(tag(busy, 'password-error')).not.toBe('');
  });
});
