// The forms of the profile pages, one chunk fetched once a profile page is idle or a form is
// needed: the edit dialog of /profile/myprofile and the password form of /profile/account-setting.
// They import nothing but types from the pages' modules, so that the pages' chunk stays a plain
// route chunk (its only export the page).
export { ProfileDialog } from './profile-form';
export { PasswordChangeForm } from './password-change';
