// What staff do to a current certificate, each asked in a dialog that says what follows. Reissue corrects the
// holder's name: a new version with the same number is issued and e-mailed, and the old one shows as replaced.
// Revoke needs a reason, which the activity log keeps and the public verification never shows; the holder is told.
import { HolderNameSchema, RevokeInputSchema } from "@shared/certificates";
import { useQueryClient } from "@tanstack/react-query";
import { Ban, PenLine } from "lucide-react";
import { FormAlert } from "@/components/ui/field";
import { IconLabel } from "@/components/ui/icon-label";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField } from "@/components/ui/text-field";
import { ConfirmDialog, useConfirmAction } from "@/features/staff/confirm-dialog";
import { toastFailure } from "@/features/staff/failure-toast";
import { toast } from "@/lib/use-toast";
import { type Certificate, certificateApi, invalidateCertificates, staffPdfUrl } from "./api";
import { isCurrent, PdfLink } from "./certificate-text";
import { HolderNameFields } from "./holder-name-fields";

/** The success toast and the refresh every action here ends with. */
function useCertificateAction<TVariables>(
  send: (variables: TVariables) => Promise<Certificate>,
  done: (saved: Certificate) => { title: string; description: string },
  failed: string,
) {
  const queryClient = useQueryClient();
  return useConfirmAction({
    mutationFn: send,
    onSuccess: async (saved) => {
      toast(done(saved));
      await invalidateCertificates.staff(queryClient);
    },
    onError: (error) => toastFailure(failed, error),
  });
}

function ReissueDialog({ certificate }: { certificate: Certificate }) {
  const { number, holderName } = certificate;
  const form = useSchemaForm(
    HolderNameSchema,
    { givenNames: certificate.givenNames, surname: certificate.surname },
    { focusError: false },
  );
  const { errors } = form.formState;
  const [givenNames, surname] = form.watch(["givenNames", "surname"]);
  const reissue = useCertificateAction(
    (holder: { givenNames: string; surname: string }) => certificateApi.reissue(certificate.id, holder),
    (saved) => ({
      title: "Certificate reissued",
      description: `${saved.number} version ${saved.version} for ${saved.holderName} is e-mailed to ${saved.email}.`,
    }),
    `Could not reissue ${number}`,
  );
  return (
    <ConfirmDialog
      {...reissue.confirm}
      trigger={
        <IconLabel icon={PenLine} detail={` ${number}`}>
          Reissue
        </IconLabel>
      }
      title={`Reissue ${number}?`}
      description={`A new version of ${number} is issued with the name below and e-mailed to ${certificate.email}. This version (${holderName}) then shows as replaced on its verification page.`}
      confirmLabel="Reissue certificate"
      pendingLabel="Reissuing..."
      onConfirm={form.handleSubmit((holder) => reissue.mutate(holder))}
    >
      <HolderNameFields
        idPrefix={`reissue-${certificate.id}`}
        givenNames={form.register("givenNames")}
        surname={form.register("surname")}
        errors={{ givenNames: errors.givenNames?.message, surname: errors.surname?.message }}
        preview={{ givenNames, surname }}
      />
    </ConfirmDialog>
  );
}

function RevokeDialog({ certificate }: { certificate: Certificate }) {
  const { number, holderName } = certificate;
  const form = useSchemaForm(RevokeInputSchema, { reason: "" }, { focusError: false });
  const problem = form.formState.errors.reason?.message;
  const revoke = useCertificateAction(
    (reason: string) => certificateApi.revoke(certificate.id, reason),
    (saved) => ({
      title: "Certificate revoked",
      description: `${saved.number} (${saved.holderName}) now verifies as revoked; ${saved.email} is told by e-mail.`,
    }),
    `Could not revoke ${number}`,
  );
  const id = `revoke-${certificate.id}-reason`;
  return (
    <ConfirmDialog
      {...revoke.confirm}
      trigger={
        <IconLabel icon={Ban} detail={` ${number}`}>
          Revoke
        </IconLabel>
      }
      title={`Revoke ${number}?`}
      description={`${holderName}'s certificate then verifies as revoked, with the date; ${certificate.email} is told by e-mail. The reason stays in the activity log and is never shown publicly.`}
      confirmLabel="Revoke certificate"
      pendingLabel="Revoking..."
      confirmVariant="destructive"
      onConfirm={form.handleSubmit(({ reason }) => revoke.mutate(reason))}
    >
      <div className="grid gap-3">
        <TextField id={id} label="Reason" required autoComplete="off" {...form.register("reason")} />
        <FormAlert message={problem} className="font-normal text-red-700" />
      </div>
    </ConfirmDialog>
  );
}

/** A row's actions: every version's PDF; reissue and revoke on the current version only. */
export function CertificateActions({ certificate }: { certificate: Certificate }) {
  return (
    // The buttons wrap onto a second line rather than widen a table that already has many columns.
    <div className="flex flex-wrap gap-2">
      <PdfLink
        href={staffPdfUrl(certificate.id)}
        detail={` ${certificate.number} version ${certificate.version}`}
      />
      {certificate.status !== "replaced" && <ReissueDialog certificate={certificate} />}
      {isCurrent(certificate) && <RevokeDialog certificate={certificate} />}
    </div>
  );
}
