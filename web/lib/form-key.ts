// The random idempotency key of a form posted by the browser itself while the page's script is there (a submit the
// page did not take over): the server stores such a post once per key (server/platform/native-posts.ts). A
// prerendered page is the same bytes for everyone, so a key written into it would be shared: the key is made in the
// browser, at the moment of the submit. Without script the field stays empty and the server derives a key instead.
import { FORM_KEY_FIELD } from "@shared/form-post";

/**
 * Plain ES5 for the page's inline head script: fills an empty key field of the submitted form with 128 random bits
 * (hex), in the capture phase, before the browser builds the form's body.
 */
export const FORM_KEY = `addEventListener("submit",function(e){var k=e.target&&e.target.elements&&e.target.elements["${FORM_KEY_FIELD}"];if(!k||k.value||!window.crypto)return;var b=new Uint8Array(16),s="";crypto.getRandomValues(b);for(var i=0;i<16;i++)s+=(b[i]+256).toString(16).slice(1);k.value=s},true)`;
