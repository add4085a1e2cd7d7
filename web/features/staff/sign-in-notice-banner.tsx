// Shown once on the dashboard to a staff member without an e-mail address whose username strangers' wrong passwords
// paused (ADR 050); those with an address were e-mailed instead. The server hands the notice over once, so it is
// read once per visit and stays until dismissed.
import type { SignInNoticeResponse } from "@shared/sign-in-notice";
import { signInNoticeText } from "@shared/sign-in-notice";
import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/query-client";

export const SIGN_IN_NOTICE_KEY = ["/api/admin/sign-in-notice"] as const;

export function SignInNoticeBanner() {
  const [dismissed, setDismissed] = useState(false);
  const { data } = useQuery({
    queryKey: SIGN_IN_NOTICE_KEY,
    queryFn: async () =>
      (await (await apiRequest("GET", SIGN_IN_NOTICE_KEY[0])).json()) as SignInNoticeResponse,
    // Reading it marks it shown: never read again behind the person's back.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
  if (dismissed || !data?.notice) return null;
  return (
    <section
      aria-labelledby="sign-in-notice-title"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-2">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>
          <h2 id="sign-in-notice-title" className="font-semibold">
            Someone tried to sign in with your username
          </h2>
          <p role="status">{signInNoticeText(data.notice)}</p>
        </div>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={() => setDismissed(true)}>
        Dismiss
      </Button>
    </section>
  );
}
