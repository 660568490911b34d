// The app core's forms: what features and the other core modules may import. Every form checks on
// submit (useSubmitOnlyForm), loads its schema on demand (lazyResolver) and shows a failure above
// its fields (FormAlert, FormNotice). The rules of the schemas are core/fieldRules'.
export { CurrentPasswordField } from './CurrentPasswordField.tsx';
export { FormAlert } from './FormAlert.tsx';
export { FormNotice } from './FormNotice.tsx';
export { lazyResolver } from './lazyResolver.ts';
export { retryableErrorType, useSubmitOnlyForm } from './useSubmitOnlyForm.ts';
