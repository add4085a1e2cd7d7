import { TIMING } from "@shared/constants";
import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { toast } from "@/lib/use-toast";

/** A paid card: 'Payment Successful', then the portal 2 seconds later. The timer dies with the page. */
export function usePaymentSuccess(): (description: string) => void {
  const [, navigate] = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (description) => {
    toast({ title: "Payment Successful", description });
    timer.current = setTimeout(() => navigate("/portal"), TIMING.redirectAfterPaymentMs);
  };
}
