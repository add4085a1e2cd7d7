import { TIMING } from "@shared/constants";
import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { rememberPaidEmail } from "@/features/portal/after-payment";
import { loadSubscriberDetails } from "@/features/portal/subscriber-details";
import { toast } from "@/lib/use-toast";

/**
 * A paid card: 'Payment Successful', then the portal 2 seconds later, where the buyer is asked for the sign-in code
 * sent to the e-mail paid for (`email`, else the one /subscribe saved). The timer dies with the page.
 */
export function usePaymentSuccess(): (description: string, email?: string) => void {
  const [, navigate] = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (description, email) => {
    rememberPaidEmail(email || loadSubscriberDetails().email);
    toast({ title: "Payment Successful", description });
    timer.current = setTimeout(() => navigate("/portal"), TIMING.redirectAfterPaymentMs);
  };
}
