// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { VehicleDocFile, VehicleDocRequest } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { setToken } from "../../lib/session";
import { renderRequest, request, renewalApi } from "./vehicle-docs.test-kit";

describe("a request's page", () => {
  it("shows the stages on Nigeria's clock and cancels after confirmation, in French", async () => {
    setToken("t-1");
    let stage: VehicleDocRequest["stage"] = "submitted";
    const api = renewalApi()
      .on("GET /vehicle-docs/requests/VD-7K3MQ2", () => ({
        json:
          stage === "submitted"
            ? request
            : {
                ...request,
                stage,
                can_cancel: false,
                refunded: request.total,
                timeline: [
                  ...request.timeline,
                  { stage: "cancelled", at: "2026-11-27T08:00:00.000Z", by: "driver", note: null },
                ],
              },
      }))
      .on("POST /vehicle-docs/requests/VD-7K3MQ2/cancel", () => {
        stage = "cancelled";
        return { json: { ...request, stage: "cancelled" } };
      });
    await renderRequest(api, "fr");
    const timeline = await screen.findByTestId("vd-timeline");
    expect(within(timeline).getByText("Envoyée")).toBeTruthy();
    // Nigeria's clock: 27 Nov at 00:30.
    expect(within(timeline).getByText(/27 nov\.? 2026.*00:30/)).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Annuler la demande" }));
    const dialog = screen.getByRole("dialog", { name: "Annuler la demande VD-7K3MQ2 ?" });
    expect(api.callsTo("POST /vehicle-docs/requests/VD-7K3MQ2/cancel")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Annuler la demande" }));
    await waitFor(() => expect(api.callsTo("POST /vehicle-docs/requests/VD-7K3MQ2/cancel")).toHaveLength(1));
    expect(await screen.findByText("Annulée", { selector: "[data-testid='vd-stage']" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Annuler la demande" })).toBeNull();
  });

  it("says what happens next at each stage, who acts and what the driver does, in English and French", async () => {
    setToken("t-1");
    const cases = [
      ["en", "submitted", "pickup", /team checks your documents.*cancel it for a full refund/],
      ["en", "info_needed", "pickup", /answer the team's question below/],
      ["en", "at_office", "pickup", /licensing office issues your new papers.*no longer be cancelled/],
      ["en", "ready", "pickup", /brings your papers to Ikeja Park/],
      ["en", "ready", "delivery", /out for delivery to your address/],
      ["en", "ready_for_pickup", "pickup", /Collect your papers at Ikeja Park/],
      ["en", "delivered", "pickup", /30 and 7 days before each one expires/],
      ["fr", "submitted", "pickup", /L'équipe Parkwell vérifie vos documents/],
      ["fr", "documents_checked", "pickup", /porte vos documents au bureau des licences/],
      ["fr", "ready_for_pickup", "pickup", /Retirez vos documents à Ikeja Park/],
      ["fr", "cancelled", "pickup", /annulée et remboursée/],
    ] as const;
    for (const [language, stage, kind, next] of cases) {
      const shown: VehicleDocRequest = {
        ...request,
        stage,
        delivery:
          kind === "pickup"
            ? request.delivery
            : { kind: "delivery", address_id: 4, address: "3 Allen Avenue, Ikeja", park_id: null },
      };
      const api = renewalApi().on("GET /vehicle-docs/requests/VD-7K3MQ2", { json: shown });
      const { unmount } = await renderRequest(api, language);
      const section = await screen.findByRole("region", {
        name: language === "fr" ? "Et ensuite" : "What happens next",
      });
      expect(section.textContent, `${language} ${stage} ${kind}`).toMatch(next);
      unmount();
    }
  });

  it("keeps the request's code on one line in its heading, and words the driver's chosen labels in French", async () => {
    setToken("t-1");
    const answered: VehicleDocRequest = {
      ...request,
      question: "Votre permis est illisible",
      answer: "current papers",
      timeline: [
        ...request.timeline,
        {
          stage: "info_needed",
          at: "2026-11-27T08:00:00.000Z",
          by: "staff",
          note: "Votre permis est illisible",
        },
        { stage: "submitted", at: "2026-11-27T09:00:00.000Z", by: "driver", note: "current papers" },
      ],
    };
    const api = renewalApi().on("GET /vehicle-docs/requests/VD-7K3MQ2", { json: answered });
    await renderRequest(api, "fr");
    const heading = await screen.findByRole("heading", { level: 1, name: "Demande VD-7K3MQ2" });
    // The code is its own unbreakable span (white-space: nowrap); the words around it still wrap.
    const code = heading.querySelector(".nowrap-code");
    expect(code?.textContent).toBe("VD-7K3MQ2");
    expect(readFileSync(join(import.meta.dirname, "../../components/ui/with-code.css"), "utf8")).toMatch(
      /\.nowrap-code\s*\{\s*white-space:\s*nowrap;/,
    );
    const timeline = await screen.findByTestId("vd-timeline");
    expect(within(timeline).getByText("Papiers actuels")).toBeTruthy();
    expect(screen.getByText(/Votre réponse.*Papiers actuels/)).toBeTruthy();
    expect(document.body.textContent).not.toContain("current papers");
  });

  it("names the pickup park with its address and opening hours, in English and French", async () => {
    setToken("t-1");
    for (const [language, name, address, hours] of [
      [
        "en",
        "Collect your papers at Ikeja Park",
        "12 Obafemi Awolowo Way, Ikeja, Lagos",
        "Opening hours (Lagos time): weekdays 07:00-19:00 and Sat 08:00-14:00",
      ],
      [
        "fr",
        "Retirez vos documents à Ikeja Park",
        "12 Obafemi Awolowo Way, Ikeja, Lagos",
        "Horaires (heure de Lagos) : en semaine 07:00-19:00 et sam. 08:00-14:00",
      ],
    ] as const) {
      const api = renewalApi().on("GET /vehicle-docs/requests/VD-7K3MQ2", { json: request });
      const { unmount } = await renderRequest(api, language);
      const pickup = await screen.findByTestId("vd-pickup");
      expect(within(pickup).getByText(name)).toBeTruthy();
      expect(within(pickup).getByText(address)).toBeTruthy();
      expect(within(pickup).getByText(hours)).toBeTruthy();
      unmount();
    }
  });

  it("shows the server's refusal when it is too late to cancel", async () => {
    setToken("t-1");
    const api = renewalApi()
      .on("GET /vehicle-docs/requests/VD-7K3MQ2", { json: request })
      .on("POST /vehicle-docs/requests/VD-7K3MQ2/cancel", {
        status: 409,
        json: {
          message: "This request is already at the licensing office: it can no longer be cancelled",
          code: "cancel_too_late",
        },
      });
    await renderRequest(api);
    await userEvent.click(await screen.findByRole("button", { name: "Cancel the request" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel request VD-7K3MQ2?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel the request" }));
    expect(await within(dialog).findByText(/can no longer be cancelled/)).toBeTruthy();
  });
});

const file = (over: Partial<VehicleDocFile>): VehicleDocFile => ({
  id: 1,
  kind: "driver_upload",
  label: "current papers",
  content_type: "image/png",
  size_bytes: 250_000,
  uploaded_by: "driver",
  created_at: "2026-11-26T23:30:00.000Z",
  link: { url: "/api/v1/files?token=abc", expires_at: "2099-01-01T00:00:00.000Z" },
  purged_at: null,
  ...over,
});
const filesPage = (items: VehicleDocFile[]) => ({
  json: { items, total: items.length, page: 1, size: 50, pages: 1 },
});

describe("a request's files", () => {
  it("lists the uploads and the issued scans with size and Nigeria's time, downloads through the link, and says a purged file was deleted", async () => {
    setToken("t-1");
    const api = renewalApi()
      .on("GET /vehicle-docs/requests/VD-7K3MQ2", { json: request })
      .on(
        "GET /vehicle-docs/requests/VD-7K3MQ2/files",
        filesPage([
          file({}),
          file({
            id: 2,
            kind: "issued_scan",
            label: "Vehicle licence 2027",
            content_type: "application/pdf",
            size_bytes: 2_516_582,
            uploaded_by: "staff",
            created_at: "2026-11-27T09:15:00.000Z",
            link: { url: "/api/v1/files?token=def", expires_at: "2099-01-01T00:00:00.000Z" },
          }),
          file({
            id: 3,
            label: "means of identification",
            link: null,
            purged_at: "2027-03-01T00:00:00.000Z",
          }),
        ]),
      )
      .on("GET /files", { json: {} });
    await renderRequest(api, "fr");
    const list = await screen.findByTestId("vd-files");
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText("Papiers actuels")).toBeTruthy();
    expect(items[0]!.textContent).toContain("Envoyé par vous");
    expect(items[0]!.textContent).toMatch(/244,1\s?ko/);
    // 23:30 UTC is 00:30 on the 27th in Lagos.
    expect(items[0]!.textContent).toMatch(/27 nov\.? 2026.*00:30/);
    expect(items[1]!.textContent).toContain("Scan des papiers délivrés");
    expect(items[1]!.textContent).toMatch(/2,4\s?Mo/);
    expect(items[1]!.textContent).toMatch(/27 nov\.? 2026.*10:15/);
    expect(within(items[2]!).getByText("Supprimé après 90 jours")).toBeTruthy();
    expect(within(items[2]!).queryByRole("button")).toBeNull();

    const created = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:file-2");
    const saved: string[] = [];
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      await userEvent.click(
        within(items[1]!).getByRole("button", { name: "Télécharger Vehicle licence 2027" }),
      );
      await waitFor(() => expect(clicked).toHaveBeenCalled());
      expect(api.callsTo("GET /files")).toHaveLength(1);
      expect(api.callsTo("GET /files")[0]!.query.get("token")).toBe("def");
      expect(api.callsTo("GET /files")[0]!.headers.get("authorization")).toBe("Bearer t-1");
      expect(created).toHaveBeenCalled();
      expect(saved).toEqual(["VD-7K3MQ2-2.pdf"]);
    } finally {
      created.mockRestore();
      clicked.mockRestore();
    }
  });

  it("checks the file's type and size before sending, then uploads it with its label and shows the API's refusal", async () => {
    setToken("t-1");
    let uploaded: VehicleDocFile[] = [];
    let refuse = false;
    const api = renewalApi()
      .on("GET /vehicle-docs/requests/VD-7K3MQ2", { json: request })
      .on("GET /vehicle-docs/requests/VD-7K3MQ2/files", () => filesPage(uploaded))
      .on("POST /vehicle-docs/requests/VD-7K3MQ2/files", () => {
        if (refuse) {
          return {
            status: 409,
            json: { message: "This request already holds 10 files of this kind", code: "too_many_files" },
          };
        }
        uploaded = [file({ id: 9, label: "means of identification", size_bytes: 4 })];
        return { status: 201, json: uploaded[0] };
      });
    await renderRequest(api);
    expect(await screen.findByText("No file yet.")).toBeTruthy();
    const input = screen.getByLabelText("File") as HTMLInputElement;
    expect(input.accept).toContain("application/pdf");

    await userEvent.click(screen.getByRole("button", { name: "Upload the file" }));
    expect(screen.getByText("Choose a file to upload.")).toBeTruthy();
    await userEvent.upload(input, new File(["hello"], "notes.txt", { type: "text/plain" }), {
      applyAccept: false,
    });
    await userEvent.click(screen.getByRole("button", { name: "Upload the file" }));
    expect(screen.getByText("Choose a JPEG, PNG or PDF file.")).toBeTruthy();
    const big = new File(["x"], "scan.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
    await userEvent.upload(input, big);
    await userEvent.click(screen.getByRole("button", { name: "Upload the file" }));
    expect(screen.getByText("The file is larger than 10 MB.")).toBeTruthy();
    expect(api.callsTo("POST /vehicle-docs/requests/VD-7K3MQ2/files")).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText("What the file is"), "means of identification");
    await userEvent.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], "id.png", { type: "image/png" }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Upload the file" }));
    await waitFor(() => expect(api.callsTo("POST /vehicle-docs/requests/VD-7K3MQ2/files")).toHaveLength(1));
    const form = api.callsTo("POST /vehicle-docs/requests/VD-7K3MQ2/files")[0]!.body as FormData;
    expect([...form.keys()]).toEqual(["label", "file"]);
    expect(form.get("label")).toBe("means of identification");
    expect((form.get("file") as File).name).toBe("id.png");
    expect(await screen.findByText("File uploaded.")).toBeTruthy();
    expect(within(await screen.findByTestId("vd-files")).getByText("Means of identification")).toBeTruthy();

    refuse = true;
    await userEvent.upload(input, new File(["%PDF-"], "more.pdf", { type: "application/pdf" }));
    await userEvent.click(screen.getByRole("button", { name: "Upload the file" }));
    expect(await screen.findByText("This request already holds 10 files of this kind")).toBeTruthy();
  });

  it("while staff ask for more information, shows the question and says the upload answers it", async () => {
    setToken("t-1");
    const question = "Please send a clearer photo of the proof of ownership";
    const api = renewalApi()
      .on("GET /vehicle-docs/requests/VD-7K3MQ2", {
        json: { ...request, stage: "info_needed", question },
      })
      .on("GET /vehicle-docs/requests/VD-7K3MQ2/files", filesPage([]));
    await renderRequest(api);
    const ask = await screen.findByTestId("vd-upload-question");
    expect(ask.textContent).toContain(question);
    expect(ask.textContent).toContain("Uploading a file answers this question");
    expect(screen.getByRole("button", { name: "Send the file as my answer" })).toBeTruthy();
    // The question is shown above, with the text answer too.
    expect(screen.getByTestId("vd-question").textContent).toBe(question);
  });

  it("offers no upload once the request is closed", async () => {
    setToken("t-1");
    const api = renewalApi()
      .on("GET /vehicle-docs/requests/VD-7K3MQ2", {
        json: { ...request, stage: "cancelled", can_cancel: false },
      })
      .on("GET /vehicle-docs/requests/VD-7K3MQ2/files", filesPage([file({})]));
    await renderRequest(api);
    expect(await screen.findByText("This request is closed: no more files can be added.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upload the file" })).toBeNull();
  });
});

describe("the request page's layout on a phone", () => {
  // jsdom lays nothing out: the rules themselves, outside any @media (a phone's width).
  const css = readFileSync(join(import.meta.dirname, "vehicle-docs.css"), "utf8");
  const phoneRules = css.replace(/@media[^{]*\{(?:[^{}]*\{[^}]*\})*\s*\}/g, "");
  const rule = (selector: string) =>
    new RegExp(`(?:^|\\n)${selector.replace(/[.>]/g, (c) => `\\${c}`)}\\s*\\{([^}]*)\\}`).exec(
      phoneRules,
    )?.[1] ?? "";

  it("spaces the stacked cards of its two columns (Files, then Paid) as it spaces each column's", () => {
    expect(rule(".vd-layout")).toMatch(/display:\s*grid;/);
    expect(rule(".vd-layout")).toMatch(/gap:\s*1rem;/);
  });

  it("keeps the upload's send button apart from the file field above it", () => {
    expect(rule(".vd-upload > .button")).toMatch(/margin-top:\s*0\.75rem;/);
  });
});
