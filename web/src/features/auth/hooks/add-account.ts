// "Add another account": the login page opened with ?add_account=1 while signed in adds the account
// it signs in to this device's accounts. Nothing else here: the route table (in the first download)
// reads it.

const ADD_ACCOUNT_PARAM = 'add_account';

/** Where "Add another account" goes: the login page, asked to add the account it signs in to. */
export const ADD_ACCOUNT_LINK = `/login?${ADD_ACCOUNT_PARAM}=1`;

/** The login page was asked to add an account (`?add_account=1`); it does only while signed in. */
export const asksToAddAccount = (search: string) => new URLSearchParams(search).get(ADD_ACCOUNT_PARAM) === '1';
