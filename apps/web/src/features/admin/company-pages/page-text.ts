import type { PageSection } from "@parkwell/contract";

/**
 * A page's sections as the editor's plain text, and back (decision 035): a line "## Title" starts
 * a section, blank lines separate paragraphs, lines starting "- " are the section's bullet list.
 * Nothing else is markup: whatever is typed is shown as text (the pages never render HTML).
 */
export function sectionsToText(sections: readonly PageSection[]): string {
  return sections
    .map((s) => {
      const parts = [`## ${s.title}`];
      if (s.body) parts.push(s.body);
      if (s.items && s.items.length > 0) parts.push(s.items.map((i) => `- ${i}`).join("\n"));
      return parts.join("\n\n");
    })
    .join("\n\n");
}

export function textToSections(text: string): PageSection[] {
  const sections: PageSection[] = [];
  let current: { title: string; paragraphs: string[]; items: string[] } | null = null;
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (current && paragraph.length > 0) current.paragraphs.push(paragraph.join("\n"));
    paragraph = [];
  };
  const endSection = () => {
    endParagraph();
    if (!current) return;
    const section: PageSection = { title: current.title };
    if (current.paragraphs.length > 0) section.body = current.paragraphs.join("\n\n");
    if (current.items.length > 0) section.items = current.items;
    sections.push(section);
  };
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    if (line.startsWith("## ")) {
      endSection();
      current = { title: line.slice(3).trim(), paragraphs: [], items: [] };
    } else if (line.trim() === "") {
      endParagraph();
    } else if (line.startsWith("- ")) {
      endParagraph();
      if (!current) current = { title: "", paragraphs: [], items: [] };
      current.items.push(line.slice(2).trim());
    } else {
      if (!current) current = { title: "", paragraphs: [], items: [] };
      paragraph.push(line.trim());
    }
  }
  endSection();
  return sections;
}
