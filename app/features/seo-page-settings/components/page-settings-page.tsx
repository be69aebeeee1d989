import { SeoFrame } from "~/features/seo-staff/components/seo-frame";
import type { PageSettingsAnswer, PageSettingsView } from "../page-settings-types";
import { PagePicker } from "./page-picker";
import { SettingsEditor } from "./settings-editor";

/** /admin/seo/page: a page's own search settings, or the list to choose one from. */
export function PageSettingsPage({ view, answer }: { view: PageSettingsView; answer?: PageSettingsAnswer }) {
  return (
    <SeoFrame
      title="Page settings"
      description={
        <p>
          What one page says to Google and to people who share it: its title, description, canonical address, whether
          search engines may list it, and its social card. With a focus keyphrase, checks show how well the page uses
          it.
        </p>
      }
    >
      {view.kind === "editor" ? <SettingsEditor view={view} answer={answer} /> : <PagePicker view={view} />}
    </SeoFrame>
  );
}
