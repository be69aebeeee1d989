import { useId, useRef, useState } from "react";
import { AnswerMessage } from "~/components/form/answer-message";
import { Button } from "~/components/ui/button";
import { describedBy, Field, inputClass } from "~/components/ui/field";
import { IMAGES_PATH } from "~/lib/image-paths";
import {
  ACCEPT_ATTRIBUTE,
  ALT_MAX,
  IMAGE_LIMIT_WORDS,
  type ImageSources,
  type ImageUploadAnswer,
} from "../image-rules";
import { ResponsiveImage } from "./responsive-image";

/**
 * An image field for an editor's form (the blog's featured image, a team
 * member's photo): choose a file, describe it (alt text, required), upload.
 * The upload goes at once to /admin/images (receiveImageUpload), and the form
 * itself carries only the stored image's id in a hidden input named `name`,
 * so the editor's own form stays small. The file and alt inputs have no name
 * for that reason. Needs JavaScript, as the editors do (autosave, preview).
 */
export function ImageUploadField({
  name,
  label,
  image: initial = null,
  previewSizes = "20rem",
  onChange,
}: {
  /** The hidden input's name: the image's id, or empty for none. */
  name: string;
  label: string;
  image?: ImageSources | null;
  previewSizes?: string;
  onChange?: (image: ImageSources | null) => void;
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState("");
  const [image, setImage] = useState<ImageSources | null>(initial);
  const [answer, setAnswer] = useState<ImageUploadAnswer | undefined>();
  const [sending, setSending] = useState(false);

  async function upload() {
    const file = fileRef.current?.files?.[0];
    const form = new FormData();
    if (file) form.append("file", file);
    form.append("alt", alt);
    setSending(true);
    try {
      const response = await fetch(IMAGES_PATH, { method: "POST", body: form, credentials: "same-origin" });
      const body = response.headers.get("content-type")?.includes("json")
        ? ((await response.json()) as ImageUploadAnswer)
        : // The body bound (413) answers in plain words before the route.
          ({ ok: false, fields: { file: await response.text() }, answerId: String(Date.now()) } as ImageUploadAnswer);
      setAnswer({ ...body, message: body.message ?? body.fields.file });
      if (body.ok && body.image) {
        setImage(body.image);
        onChange?.(body.image);
        if (fileRef.current) fileRef.current.value = "";
        setAlt("");
      }
    } catch {
      setAnswer({
        ok: false,
        message: "The upload did not reach the server. Check the connection and try again.",
        fields: {},
        answerId: String(Date.now()),
      });
    } finally {
      setSending(false);
    }
  }

  const fields = answer && !answer.ok ? answer.fields : {};
  return (
    <fieldset className="grid gap-3 rounded-card border border-line p-4" data-image-upload-field>
      <legend className="px-1 font-semibold">{label}</legend>
      <input type="hidden" name={name} value={image ? String(image.id) : ""} />
      {image ? (
        <div className="grid gap-2">
          <ResponsiveImage image={image} sizes={previewSizes} className="h-auto w-full max-w-80 rounded-xl" />
          <p className="text-sm text-muted">
            Alt text: <span className="text-ink">{image.alt}</span>
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="justify-self-start"
            onClick={() => {
              setImage(null);
              onChange?.(null);
            }}
          >
            Remove this image
          </Button>
        </div>
      ) : null}
      <Field
        id={`${id}-file`}
        label={image ? "Replace with another image" : "Image file"}
        description={IMAGE_LIMIT_WORDS}
        error={fields.file}
      >
        <input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          className="min-h-11 text-sm file:mr-3 file:min-h-9 file:rounded-full file:border-0 file:bg-primary-soft file:px-4 file:font-semibold"
          {...describedBy(`${id}-file`, { description: IMAGE_LIMIT_WORDS, error: fields.file })}
        />
      </Field>
      <Field
        id={`${id}-alt`}
        label="Describe the image (alt text)"
        description="What someone who cannot see it should know, in a sentence."
        error={fields.alt}
      >
        <input
          id={`${id}-alt`}
          type="text"
          value={alt}
          maxLength={ALT_MAX}
          onChange={(event) => setAlt(event.target.value)}
          className={inputClass}
          {...describedBy(`${id}-alt`, { description: true, error: fields.alt })}
        />
      </Field>
      <AnswerMessage answer={answer} />
      <Button variant="outline" size="sm" className="justify-self-start" onClick={upload} disabled={sending}>
        {sending ? "Uploading…" : "Upload image"}
      </Button>
    </fieldset>
  );
}
