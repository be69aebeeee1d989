import { useMemo, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { describedBy, Field, inputClass } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { cn } from "~/lib/cn";
import { SEO_PAGE_SETTINGS_PATH } from "~/lib/seo-paths";
import { keyphraseChecks } from "~/features/seo-text/keyphrase-checks";
import type { EditorView, PageSettingsAnswer } from "../page-settings-types";
import { readabilityChecks } from "~/features/seo-text/readability-checks";
import { SETTINGS_LIMITS, squashed, type SettingsField, type TextField } from "../settings-rules";
import { CheckList } from "./check-list";
import { SearchResultPreview } from "./search-result-preview";
import { SocialCardPreview } from "./social-card-preview";
import { countOf } from "~/lib/plural";

type Draft = Record<SettingsField, string>;

const draftFrom = (view: EditorView): Draft => ({
  title: view.saved.title ?? "",
  description: view.saved.description ?? "",
  focusKeyphrase: view.saved.focusKeyphrase ?? "",
  canonical: view.saved.canonical ?? "",
  noindex: view.saved.noindex ? "on" : "",
  socialImage: view.saved.socialImage ?? "",
  socialTitle: view.saved.socialTitle ?? "",
  socialDescription: view.saved.socialDescription ?? "",
});

function draftOfForm(form: HTMLFormElement): Draft {
  const data = new FormData(form);
  const text = (name: SettingsField) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    title: text("title"),
    description: text("description"),
    focusKeyphrase: text("focusKeyphrase"),
    canonical: text("canonical"),
    noindex: text("noindex"),
    socialImage: text("socialImage"),
    socialTitle: text("socialTitle"),
    socialDescription: text("socialDescription"),
  };
}

const sectionHeading = "text-xl font-bold text-primary-dark";
const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

/**
 * One page's settings: the form (each field showing the page's own value,
 * which an empty field keeps), and beside it what the settings make of the
 * page, redrawn as staff type: the Google result on a computer and a phone,
 * the social card, the keyphrase checks. Readability is the server's (the
 * settings do not change the page's words). Without JavaScript the form
 * posts the same and the page comes back drawn for what was saved.
 */
export function SettingsEditor({ view, answer }: { view: EditorView; answer?: PageSettingsAnswer }) {
  const settled = useNavigation().state === "idle";
  const formAnswer = answer?.intent === "save" && !answer.ok ? answer : undefined;
  const banner = settled && answer && !formAnswer ? answer : undefined;
  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <p className="text-lg">
          Page:{" "}
          <a href={view.pageUrl} className={cn(linkClass, "font-semibold")}>
            {view.path}
          </a>{" "}
          <Link to={SEO_PAGE_SETTINGS_PATH} className={cn(linkClass, "ml-2 text-base")}>
            Choose another page
          </Link>
        </p>
        <p className="text-muted">
          {view.changed ? (
            <>
              Settings of its own, last changed <time dateTime={view.changed.iso}>{view.changed.text}</time>
              {view.changed.by ? ` by ${view.changed.by}` : ""}.
            </>
          ) : (
            "No settings of its own yet: everything below is what the page says itself."
          )}
        </p>
      </div>
      {banner ? <Banner answer={banner} /> : null}
      {/* A fresh form whenever what is saved changes (and after each save): it starts from what is saved now. */}
      <EditorForm
        key={`${JSON.stringify(view.saved)} ${answer?.ok ? answer.answerId : ""}`}
        view={view}
        answer={formAnswer}
      />
      <section aria-labelledby="readability-heading" className="grid gap-3">
        <h2 id="readability-heading" className={sectionHeading}>
          Readability
        </h2>
        <p className="max-w-prose text-muted">
          How easy the page&apos;s words are to read ({countOf(view.readability.words, "word", "words")} in{" "}
          {countOf(view.readability.sentences, "sentence", "sentences")}). These come from the page&apos;s content, not
          from the settings above.
        </p>
        {view.readability.words > 0 ? (
          <CheckList label="Readability checks" checks={readabilityChecks(view.readability)} />
        ) : (
          <p>The page has no paragraphs to judge.</p>
        )}
      </section>
      {view.hasSettings ? <ResetForm path={view.path} /> : null}
    </div>
  );
}

function EditorForm({ view, answer }: { view: EditorView; answer?: PageSettingsAnswer }) {
  const busy = useSendingIntent("save") !== null;
  const form = useFormFeedback(answer);
  const errors = answer?.fields;
  const start = useMemo<Draft>(() => ({ ...draftFrom(view), ...answer?.values }), [view, answer]);
  const [draft, setDraft] = useState<Draft>(start);
  const { defaults, content } = view;

  // What visitors and search engines would get with the settings as they stand in the form.
  const title = squashed(draft.title) || defaults.title;
  const description = squashed(draft.description) || defaults.description;
  const socialTitle = squashed(draft.socialTitle) || squashed(draft.title) || defaults.socialTitle;
  const socialDescription =
    squashed(draft.socialDescription) || squashed(draft.description) || defaults.socialDescription;
  const socialImage = squashed(draft.socialImage) || defaults.socialImage;
  const canonical = squashed(draft.canonical);
  const noindex = draft.noindex === "on" || defaults.noindex;
  const publicOrigin = new URL(view.pageUrl).origin;
  const canonicalElsewhere =
    canonical !== "" && new URL(canonical, `${publicOrigin}/`).href !== new URL(view.pageUrl).href;

  const checks = useMemo(
    () =>
      keyphraseChecks({
        keyphrase: draft.focusKeyphrase,
        title,
        description,
        h1: content.h1,
        path: view.path,
        firstParagraph: content.firstParagraph,
        imageAlts: content.imageAlts,
        text: content.text,
      }),
    [draft.focusKeyphrase, title, description, content, view.path],
  );

  const field = (name: TextField) => ({
    name,
    defaultValue: start[name],
    error: errors?.[name],
  });

  return (
    <Form
      ref={form}
      method="post"
      action={`${SEO_PAGE_SETTINGS_PATH}?${new URLSearchParams({ path: view.path })}`}
      aria-labelledby="settings-heading"
      noValidate
      onChange={(event) => setDraft(draftOfForm(event.currentTarget))}
      className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
    >
      <div className="grid gap-5">
        <h2 id="settings-heading" className={sectionHeading}>
          Settings
        </h2>
        <p className="max-w-prose text-muted">
          Leave a field empty to use the page&apos;s own (shown in grey in the field). Saving takes effect at once, for
          visitors and search engines alike, and is recorded in the audit trail.
        </p>
        <AnswerMessage answer={answer} />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="path" value={view.path} />
        <TextInput
          id="settings-keyphrase"
          label="Focus keyphrase"
          description="The words you want this page found for, such as “ADHD evaluation”. Only for the checks: visitors never see it."
          placeholder="Not set"
          maxLength={SETTINGS_LIMITS.focusKeyphrase.maxChars + 50}
          {...field("focusKeyphrase")}
        />
        <TextInput
          id="settings-title"
          label="Search title"
          description="The blue line of the Google result and the browser tab."
          placeholder={defaults.title}
          counter={{ value: squashed(draft.title), max: SETTINGS_LIMITS.title.max }}
          maxLength={SETTINGS_LIMITS.title.max + 50}
          {...field("title")}
        />
        <TextInput
          id="settings-description"
          label="Meta description"
          description="The words under the title in a Google result."
          placeholder={defaults.description || "The page has none"}
          counter={{ value: squashed(draft.description), max: SETTINGS_LIMITS.description.max }}
          multiline
          maxLength={SETTINGS_LIMITS.description.max + 100}
          {...field("description")}
        />
        <TextInput
          id="settings-canonical"
          label="Canonical address"
          description="The one address search engines should show for this page's words. A path such as /services, or a full https:// address. Empty: this page's own."
          placeholder={defaults.canonical}
          maxLength={SETTINGS_LIMITS.address.max + 50}
          {...field("canonical")}
        />
        <NoindexBox defaultChecked={start.noindex === "on"} byDefault={defaults.noindex} error={errors?.noindex} />
        <fieldset className="grid gap-5 rounded-2xl border border-line p-4">
          <legend className="px-1 font-semibold text-primary-dark">When the page is shared</legend>
          <TextInput
            id="settings-social-title"
            label="Social title"
            description="Empty: the search title."
            placeholder={defaults.socialTitle}
            counter={{ value: squashed(draft.socialTitle), max: SETTINGS_LIMITS.socialTitle.max }}
            maxLength={SETTINGS_LIMITS.socialTitle.max + 50}
            {...field("socialTitle")}
          />
          <TextInput
            id="settings-social-description"
            label="Social description"
            description="Empty: the meta description."
            placeholder={defaults.socialDescription}
            counter={{ value: squashed(draft.socialDescription), max: SETTINGS_LIMITS.socialDescription.max }}
            multiline
            maxLength={SETTINGS_LIMITS.socialDescription.max + 100}
            {...field("socialDescription")}
          />
          <TextInput
            id="settings-social-image"
            label="Social image"
            description="A path of an image on this site, such as /og-default.png, or a full https:// address. 1200 × 630 pixels works best."
            placeholder={defaults.socialImage}
            maxLength={SETTINGS_LIMITS.address.max + 50}
            {...field("socialImage")}
          />
        </fieldset>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save settings"}
          </Button>
        </div>
      </div>

      <div className="grid gap-8">
        <section aria-labelledby="preview-heading" className="grid gap-4">
          <h2 id="preview-heading" className={sectionHeading}>
            Preview
          </h2>
          {noindex ? (
            <p className="rounded-xl border border-danger bg-danger-soft p-3 text-sm font-medium text-danger">
              Kept out of search results: Google will not show this page.
            </p>
          ) : null}
          {canonicalElsewhere ? (
            <p className="rounded-xl border border-line bg-sand p-3 text-sm">
              Search engines are told to show {canonical} instead of this page.
            </p>
          ) : null}
          <SearchResultPreview
            device="desktop"
            pageUrl={view.pageUrl}
            siteName={view.siteName}
            title={title}
            description={description}
          />
          <SearchResultPreview
            device="mobile"
            pageUrl={view.pageUrl}
            siteName={view.siteName}
            title={title}
            description={description}
          />
          <SocialCardPreview
            image={socialImage}
            publicOrigin={publicOrigin}
            host={view.host}
            title={socialTitle}
            description={socialDescription}
          />
        </section>
        <section aria-labelledby="keyphrase-heading" className="grid gap-3">
          <h2 id="keyphrase-heading" className={sectionHeading}>
            Keyphrase checks
          </h2>
          {checks.length > 0 ? (
            <CheckList label="Keyphrase checks" checks={checks} />
          ) : (
            <p className="text-muted">Enter a focus keyphrase to see how well the page uses it.</p>
          )}
        </section>
      </div>
    </Form>
  );
}

function TextInput({
  id,
  label,
  description,
  name,
  defaultValue,
  placeholder,
  error,
  counter,
  multiline = false,
  maxLength,
}: {
  id: string;
  label: string;
  description: string;
  name: TextField;
  defaultValue: string;
  placeholder: string;
  error?: string;
  counter?: { value: string; max: number };
  multiline?: boolean;
  maxLength: number;
}) {
  const props = {
    id,
    name,
    defaultValue,
    placeholder,
    maxLength,
    autoComplete: "off",
    spellCheck: name !== "canonical" && name !== "socialImage",
    ...describedBy(id, { description, error }),
  };
  return (
    <Field id={id} label={label} description={description} error={error}>
      {multiline ? (
        <textarea {...props} rows={3} className={cn(inputClass, "py-2.5")} />
      ) : (
        <input {...props} className={inputClass} />
      )}
      {counter ? (
        <p className={cn("text-sm", counter.value.length > counter.max ? "text-danger" : "text-muted")}>
          {counter.value ? `${counter.value.length} of ${counter.max} characters` : "Using the page's own"}
        </p>
      ) : null}
    </Field>
  );
}

function NoindexBox({
  defaultChecked,
  byDefault,
  error,
}: {
  defaultChecked: boolean;
  byDefault: boolean;
  error?: string;
}) {
  const id = "settings-noindex";
  const description = byDefault
    ? "This page is already kept out of search results by its own settings."
    : "Google and other search engines will not list it (visitors can still open it).";
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={id}
          name="noindex"
          defaultChecked={defaultChecked || byDefault}
          disabled={byDefault}
          className="mt-0.5 size-6 shrink-0 accent-primary"
          {...describedBy(id, { description, error })}
        />
        <label htmlFor={id} className="font-medium">
          Keep this page out of search results (noindex)
        </label>
      </div>
      <p id={`${id}-description`} className="text-sm text-muted">
        {description}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}

function ResetForm({ path }: { path: string }) {
  const busy = useSendingIntent("reset") !== null;
  return (
    <section aria-labelledby="reset-heading" className="grid gap-3 rounded-2xl border border-line p-4">
      <h2 id="reset-heading" className={sectionHeading}>
        Undo every setting
      </h2>
      <p className="max-w-prose text-muted">
        The page goes back to its own title, description and the rest, as if no setting had ever been made. The change
        is recorded in the audit trail.
      </p>
      <Form method="post" action={`${SEO_PAGE_SETTINGS_PATH}?${new URLSearchParams({ path })}`}>
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="path" value={path} />
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? "Resetting..." : "Reset to the page's defaults"}
        </Button>
      </Form>
    </section>
  );
}

function Banner({ answer }: { answer: PageSettingsAnswer }) {
  const ref = useFormFeedback<PageSettingsAnswer, HTMLDivElement>(answer);
  return (
    <div ref={ref}>
      <AnswerMessage answer={answer} className="p-4 text-base focus:outline-none" />
    </div>
  );
}
