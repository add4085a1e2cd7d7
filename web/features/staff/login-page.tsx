// /admin (docs/product.md, Staff sign-in). The sign-in card, with its form's libraries and schema, hydrates when a
// person first reaches into it (web/lib/hydrate-on-touch.tsx, ADR 047); a click or a submit before that is kept
// (web/lib/early-input.ts).
import { hydrateOnTouch } from "@/lib/hydrate-on-touch";

const LoginCard = hydrateOnTouch("staff-sign-in", () => import("./login-card").then((m) => m.LoginCard));

export default function AdminLoginPage() {
  return <LoginCard />;
}
