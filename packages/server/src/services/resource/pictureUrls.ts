// The signed picture URLs live in the services' core (`core/pictureUrls.ts`), below every service
// that answers them; this path stays for the test tools that still import it here.
export { signedPicturePath } from '../core/index.ts';
