// How a staff action that failed says so: a red toast with the server's reason. A 401 says nothing: it ends the
// session, and the dashboard is already on its way to /admin.
import { toast } from "@/lib/use-toast";
import { httpStatus, serverMessage } from "./api";

/** Shows the toast; false when the failure was a 401 (nothing shown, nothing more to do). */
export function toastFailure(title: string, error: unknown, fallback = "Please try again."): boolean {
  if (httpStatus(error) === 401) return false;
  toast({ title, description: serverMessage(error) ?? fallback, variant: "destructive" });
  return true;
}

/** The onError of an action whose failure always reads the same: a red "Error" toast saying `description`. */
export function failureToast(description: string) {
  return (error: unknown) => {
    if (httpStatus(error) === 401) return;
    toast({ title: "Error", description, variant: "destructive" });
  };
}
