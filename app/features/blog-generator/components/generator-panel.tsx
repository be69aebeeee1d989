import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { describedBy, Field, inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import {
  generatorInputSchema,
  lengthLabels,
  lengths,
  lengthWords,
  toneLabels,
  tones,
  type Length,
} from "../generator-input";
import { templateOutline } from "../template-outline";
import { useGeneration, type GenerationKind } from "../use-generation";
import { countOf } from "~/lib/plural";

export interface GeneratorService {
  slug: string;
  title: string;
  path: string;
}

export interface GeneratorPanelProps {
  /** The connected model's name, or null: then only the template outline is offered. */
  model: string | null;
  /** The clinic's services to relate the article to. */
  services: GeneratorService[];
  /** Where the draft goes: called with the whole text so far as it streams in. */
  onDraft: (markdown: string) => void;
  /** Called as the draft step starts, with the brief's topic (the editor makes it the title if it has none). */
  onDraftStart?: (brief: { topic: string }) => void;
  /** Called when a generation has ended and been recorded (the page reloads its list of generations). */
  onEnded?: () => void;
  /** The first heading level of the panel's own headings (3 when it sits under a page's h2). */
  headingLevel?: 2 | 3;
}

/** The brief's lines of text, with the schema's limits. */
const BRIEF_LINES = [
  { name: "topic", label: "Topic", maxLength: 200, placeholder: undefined },
  { name: "audience", label: "Audience", maxLength: 200, placeholder: "Parents of teenagers, say" },
  { name: "keyphrase", label: "Focus keyphrase", maxLength: 80, placeholder: undefined },
] as const;

const OUTCOME_WORDS: Record<string, string> = {
  completed: "Finished",
};

/**
 * The draft generator: the brief (topic, audience, keyphrase, tone, length,
 * services), step 1 the outline staff can edit, step 2 the draft streamed to
 * `onDraft` with its progress, Cancel and Retry. Usable on its own page or
 * beside the blog editor (the editor passes its body's setter as `onDraft`).
 */
export function GeneratorPanel({
  model,
  services,
  onDraft,
  onDraftStart,
  onEnded,
  headingLevel = 2,
}: GeneratorPanelProps) {
  const H = `h${headingLevel}` as const;
  const form = useRef<HTMLFormElement>(null);
  const [outline, setOutline] = useState("");
  const [outlineIsTemplate, setOutlineIsTemplate] = useState(false);
  const [clientProblems, setClientProblems] = useState<Record<string, string>>({});
  const [length, setLength] = useState<Length>("medium");
  const { state, run, cancel } = useGeneration();
  const [lastKind, setLastKind] = useState<GenerationKind>("outline");

  // Each refusal moves the keyboard to the first field it names, once that field is drawn as invalid.
  const [problemsShown, setProblemsShown] = useState(0);
  useEffect(() => {
    if (problemsShown) form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [problemsShown]);

  const serverProblems = state.phase === "ended" ? state.fields : {};
  const problems = { ...serverProblems, ...clientProblems };
  const running = state.phase === "running";

  /** The brief as the form holds it, checked as the server will; null (and the problems shown) when it fails. */
  function brief(): URLSearchParams | null {
    const data = new FormData(form.current!);
    const parsed = generatorInputSchema.safeParse({
      topic: data.get("topic"),
      audience: data.get("audience"),
      keyphrase: data.get("keyphrase"),
      tone: data.get("tone"),
      length: data.get("length"),
      services: data.getAll("services"),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setClientProblems(found);
      setProblemsShown((n) => n + 1);
      return null;
    }
    setClientProblems({});
    const fields = new URLSearchParams();
    for (const [name, value] of data.entries()) if (typeof value === "string") fields.append(name, value);
    return fields;
  }

  function start(kind: GenerationKind) {
    const fields = brief();
    if (!fields) return;
    setLastKind(kind);
    if (kind === "outline") {
      setOutlineIsTemplate(false);
      void run("outline", fields, setOutline).then(onEnded);
    } else {
      fields.set("outline", outline);
      onDraftStart?.({ topic: fields.get("topic") ?? "" });
      void run("draft", fields, onDraft).then(onEnded);
    }
  }

  function fillTemplate() {
    const data = new FormData(form.current!);
    const chosen = new Set(data.getAll("services"));
    setOutline(
      templateOutline(
        {
          topic: String(data.get("topic") ?? ""),
          audience: String(data.get("audience") ?? ""),
          keyphrase: String(data.get("keyphrase") ?? ""),
        },
        services.filter((s) => chosen.has(s.slug)),
      ),
    );
    setOutlineIsTemplate(true);
  }

  const field = (name: string) => describedBy(`generator-${name}`, { error: problems[name] });
  const target = lengthWords[length];

  return (
    <section aria-labelledby="generator-heading" className="grid gap-6">
      <H id="generator-heading" className="text-xl font-semibold text-primary-dark">
        Draft generator
      </H>
      {model ? (
        <p className="text-sm text-muted">
          Writing with <strong className="text-ink">{model}</strong>. The model gets the brief and the clinic&rsquo;s
          own facts (services, offices, insurance, team), never a lead, a patient or anyone&rsquo;s details.
        </p>
      ) : (
        <div className="grid gap-2 rounded-2xl border border-line bg-sand p-4 text-sm" data-testid="no-model">
          <p className="font-semibold">No model is connected.</p>
          <p>
            To generate outlines and drafts, set <code>BLOG_AI_BASE_URL</code>, <code>BLOG_AI_MODEL</code> and, if the
            endpoint needs one, <code>BLOG_AI_API_KEY</code>, then restart the site. The section &ldquo;Blog draft
            generator: connecting a model&rdquo; of <code>docs/operations.md</code> shows how for Ollama, llama.cpp and
            a hosted endpoint. Until then you can start from a template outline.
          </p>
        </div>
      )}

      <form
        ref={form}
        className="grid gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (model) start("outline");
          else fillTemplate();
        }}
      >
        {BRIEF_LINES.map(({ name, label, maxLength, placeholder }) => (
          <Field key={name} id={`generator-${name}`} label={label} error={problems[name]}>
            <input
              id={`generator-${name}`}
              name={name}
              required
              maxLength={maxLength}
              placeholder={placeholder}
              className={inputClass}
              {...field(name)}
            />
          </Field>
        ))}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="generator-tone" label="Tone" error={problems.tone}>
            <select id="generator-tone" name="tone" defaultValue="warm" className={inputClass} {...field("tone")}>
              {tones.map((tone) => (
                <option key={tone} value={tone}>
                  {toneLabels[tone]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="generator-length" label="Length" error={problems.length}>
            <select
              id="generator-length"
              name="length"
              value={length}
              onChange={(event) => setLength(event.target.value as Length)}
              className={inputClass}
              {...field("length")}
            >
              {lengths.map((value) => (
                <option key={value} value={value}>
                  {lengthLabels[value]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <fieldset
          className="grid gap-2 rounded-2xl border border-line bg-surface p-4"
          {...(problems.services ? { "aria-describedby": "generator-services-error" } : {})}
        >
          <legend className="px-1 font-semibold">Related services</legend>
          <p className="text-sm text-muted">The draft links to the pages of the services you choose.</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {services.map((service) => (
              <label key={service.slug} className="flex min-h-8 items-center gap-3">
                <input type="checkbox" name="services" value={service.slug} className="size-5 accent-primary" />
                <span>{service.title}</span>
              </label>
            ))}
          </div>
          {problems.services ? (
            <p id="generator-services-error" className="text-sm font-medium text-danger">
              {problems.services}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={running}>
            {model ? "Propose an outline" : "Start from a template outline"}
          </Button>
        </div>
      </form>

      <div className="grid gap-2">
        <label htmlFor="generator-outline" className="font-medium">
          Outline{outlineIsTemplate ? " (template, not written by a model)" : ""}
        </label>
        <p id="generator-outline-description" className="text-sm text-muted">
          {outlineIsTemplate
            ? "A template built from your brief: the same sections for every topic. Edit it into your own outline."
            : "Step 1. Edit it as you like: the draft follows the outline you keep."}
        </p>
        <textarea
          id="generator-outline"
          value={outline}
          onChange={(event) => {
            setOutline(event.target.value);
          }}
          rows={10}
          aria-describedby="generator-outline-description"
          className={cn(inputClass, "min-h-40 py-3 font-mono text-sm")}
        />
      </div>

      {model ? (
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" disabled={running || outline.trim().length < 10} onClick={() => start("draft")}>
              Write the draft
            </Button>
            {running ? (
              <Button variant="danger" onClick={cancel}>
                Cancel
              </Button>
            ) : null}
          </div>
          {running ? (
            <div className="grid gap-1" data-testid="generator-progress">
              <label htmlFor="generator-progress" className="text-sm">
                {state.kind === "outline" ? "Proposing the outline" : "Writing the draft"}:{" "}
                {countOf(state.words, "word", "words")} so far
                {state.kind === "draft" ? ` of about ${target}` : ""}
              </label>
              <progress
                id="generator-progress"
                className="h-2 w-full accent-primary"
                {...(state.kind === "draft" ? { max: target, value: Math.min(state.words, target) } : {})}
              />
            </div>
          ) : null}
          <GenerationStatus state={state} onRetry={() => start(lastKind)} />
        </div>
      ) : null}
    </section>
  );
}

function GenerationStatus({
  state,
  onRetry,
}: {
  state: ReturnType<typeof useGeneration>["state"];
  onRetry: () => void;
}) {
  if (state.phase !== "ended") return <p role="status" className="sr-only" />;
  const what = state.kind === "outline" ? "outline" : "draft";
  if (!state.problem && state.end)
    return (
      <p role="status" className="rounded-xl border border-primary bg-primary-soft p-3 text-sm text-primary-dark">
        {OUTCOME_WORDS[state.end.outcome]}: the {what} has {countOf(state.end.words, "word", "words")}, in{" "}
        {(state.end.durationMs / 1000).toFixed(1)} s
        {state.end.completionTokens !== null ? ` (${countOf(state.end.completionTokens, "token", "tokens")})` : ""}.
      </p>
    );
  return (
    <div role="alert" className="grid gap-3 rounded-xl border border-danger bg-danger-soft p-3 text-sm text-danger">
      <p className="font-medium">{state.problem}</p>
      <p>
        The {what} so far is kept. Retry writes the {what} again from the start, replacing it.
      </p>
      <div>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    </div>
  );
}
