// /subscribe collects the e-mail and name; /payment reads them back. sessionStorage keeps them for this tab only.

export const SUBSCRIBER_STORAGE_KEYS = { email: "subscribe.email", name: "subscribe.name" } as const;

export interface SubscriberDetails {
  email: string;
  name: string;
}

export function saveSubscriberDetails(details: SubscriberDetails): void {
  try {
    sessionStorage.setItem(SUBSCRIBER_STORAGE_KEYS.email, details.email);
    sessionStorage.setItem(SUBSCRIBER_STORAGE_KEYS.name, details.name);
  } catch {
    // Storage can be disabled (private browsing, strict settings); the payment form then asks again.
  }
}

export function loadSubscriberDetails(): SubscriberDetails {
  try {
    return {
      email: sessionStorage.getItem(SUBSCRIBER_STORAGE_KEYS.email) ?? "",
      name: sessionStorage.getItem(SUBSCRIBER_STORAGE_KEYS.name) ?? "",
    };
  } catch {
    return { email: "", name: "" };
  }
}
