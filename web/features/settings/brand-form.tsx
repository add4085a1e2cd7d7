// The Settings view's Brand card (ADR 060): the owner uploads the logo and the hero picture, each with its alt text
// (required: it is what screen readers say), sees what the pages show now, and can remove it (the drawn logo or the
// hero illustration comes back). The server reads the file's type from its bytes, drops its metadata and resizes it.
import type { Picture } from "@shared/brand";
import {
  ALT_REQUIRED_MESSAGE,
  AltTextSchema,
  MAX_ALT_LENGTH,
  MEDIA_FILE_REQUIRED_MESSAGE,
  type MediaAnswer,
} from "@shared/media";
import type { Settings } from "@shared/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { SaveRow } from "@/features/settings/save-row";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { useIsOwner } from "@/features/staff-accounts/use-owner";
import { invalidateTraining } from "@/features/training/staff-api";
import { apiJson, throwIfNotOk } from "@/lib/api";
import { toast } from "@/lib/use-toast";

type Place = "logo" | "hero";

const PLACES: Record<Place, { title: string; about: string; upload: string; example: string }> = {
  logo: {
    title: "Logo",
    about:
      "Shown in the header and footer of every page, and on the picture shared links show. A PNG with a clear background works best.",
    upload: "Upload logo",
    example: "e.g. the company's name in blue beside a drone",
  },
  hero: {
    title: "Hero picture",
    about:
      "The large picture at the top of the home page, instead of the drawing. A landscape photo at least 1600 pixels wide looks sharpest.",
    upload: "Upload hero picture",
    example: "e.g. two pilots launching a drone on a beach at sunrise",
  },
};

const ACCEPT = "image/png,image/jpeg,image/webp,image/avif";

async function uploadPicture(kind: Place, alt: string, file: File): Promise<MediaAnswer> {
  const body = new FormData();
  // The fields first, then the file.
  body.append("kind", kind);
  body.append("alt", alt);
  body.append("file", file, file.name);
  const res = await fetch("/api/admin/media", { method: "POST", body, credentials: "include" });
  await throwIfNotOk(res);
  return (await res.json()) as MediaAnswer;
}

const saveBrand = (patch: Partial<Record<Place, { mediaId: number; alt: string } | null>>) =>
  apiJson<Settings["brand"]>("PUT", "/api/admin/brand", patch);

export function BrandForm({ current }: { current: Settings }) {
  return (
    <Card asChild className="p-5 sm:p-6">
      <section aria-labelledby="brand-title" className="grid gap-6">
        <div>
          <h3 id="brand-title" className="text-lg font-semibold text-brand-950">
            Brand
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            Your logo and the home page's picture. PNG, JPEG or WebP, up to 10 MB; SVG files cannot be used.
            Location and camera details are removed from every picture.
          </p>
        </div>
        <PictureForm place="logo" picture={current.brand.logo} />
        <PictureForm place="hero" picture={current.brand.hero} />
      </section>
    </Card>
  );
}

function PictureForm({ place, picture }: { place: Place; picture: Picture | null }) {
  const queryClient = useQueryClient();
  const words = PLACES[place];
  const owner = useIsOwner();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState(picture?.alt ?? "");
  const [errors, setErrors] = useState<{ file?: string; alt?: string; root?: string }>({});
  const [preview, setPreview] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  // A data: address, which the pages' img-src allows (a blob: one it does not).
  useEffect(() => {
    setPreview(null);
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === "string" ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);

  const failed = (error: unknown) => {
    if (httpStatus(error) === 401) return;
    setErrors({ root: serverMessage(error) ?? "The picture could not be saved. Please try again." });
  };
  const upload = useMutation({
    mutationFn: async (values: { file: File; alt: string }) => {
      const stored = await uploadPicture(place, values.alt, values.file);
      return saveBrand({ [place]: { mediaId: stored.id, alt: values.alt } });
    },
    onSuccess: async () => {
      setFile(null);
      setInputKey((key) => key + 1);
      toast({ title: `${words.title} saved`, description: "Every page shows it now." });
      await invalidateTraining.settings(queryClient);
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => saveBrand({ [place]: null }),
    onSuccess: async () => {
      toast({
        title: `${words.title} removed`,
        description:
          place === "logo"
            ? "The pages show the drawn logo again."
            : "The home page shows the drawing again.",
      });
      await invalidateTraining.settings(queryClient);
    },
    onError: failed,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = AltTextSchema.safeParse(alt);
    const next = {
      file: file ? undefined : MEDIA_FILE_REQUIRED_MESSAGE,
      alt: checked.success ? undefined : (checked.error.issues[0]?.message ?? ALT_REQUIRED_MESSAGE),
    };
    setErrors(next);
    if (!file || !checked.success || upload.isPending) return;
    upload.mutate({ file, alt: checked.data });
  };

  const id = `brand-${place}`;
  const shown = picture?.variants[picture.variants.length - 1];
  return (
    <Form aria-label={words.title} className="grid gap-4 border-t border-slate-200 pt-5" onSubmit={submit}>
      <h4 className="font-semibold text-brand-950">{words.title}</h4>
      <p className="-mt-3 text-sm text-slate-600">{words.about}</p>
      {picture && shown ? (
        <figure className="flex flex-wrap items-center gap-4">
          <img
            src={shown.url}
            alt={picture.alt}
            width={shown.width}
            height={shown.height}
            className="h-20 w-auto max-w-60 rounded-md border border-slate-200 bg-slate-100 object-contain"
          />
          <figcaption className="text-sm text-slate-700">Shown now. Alt text: “{picture.alt}”</figcaption>
          {owner && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Remove {words.title.toLowerCase()}
            </Button>
          )}
        </figure>
      ) : (
        <p className="text-sm text-slate-700">
          {place === "logo"
            ? "None uploaded: the pages show the drawn logo."
            : "None uploaded: the home page shows the drawing."}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-file`} label="Picture file" required error={errors.file}>
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept={ACCEPT}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? `${id}-file-error` : undefined}
            className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
        </Field>
        <TextField
          id={`${id}-alt`}
          label="Alt text"
          required
          maxLength={MAX_ALT_LENGTH}
          hint={`Describe the picture for people who cannot see it, ${words.example}.`}
          error={errors.alt}
          value={alt}
          onChange={(event) => setAlt(event.currentTarget.value)}
        />
      </div>
      {preview && (
        <img
          src={preview}
          alt="Preview of the chosen file"
          className="h-24 w-auto max-w-60 rounded-md border border-slate-200 object-contain"
        />
      )}
      <SaveRow
        error={errors.root}
        pending={upload.isPending}
        ownerOnly={`Only the owner can change the ${words.title.toLowerCase()}.`}
      >
        {words.upload}
      </SaveRow>
    </Form>
  );
}
