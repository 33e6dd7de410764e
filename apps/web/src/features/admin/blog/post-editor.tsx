import {
  BLOG_BODY_MAX,
  BLOG_LANGUAGES,
  BLOG_SLUG_MAX,
  BLOG_STATUSES,
  BLOG_SUMMARY_MAX,
  BLOG_TITLE_MAX,
  BlogPostBodySchema,
  type AdminBlogPost,
  type BlogLanguage,
  type BlogPostBody,
  type BlogStatus,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/form-field";
import { FormAlert } from "../../../components/ui/form-alert";
import { errorText } from "../../../lib/form-errors";
import { useSchemaForm, type SchemaForm } from "../../../lib/use-schema-form";
import { browserTimeZone, isoToZonedInput, zonedInputToIso, zoneAbbreviation } from "../../../lib/zoned-time";
import { useCan } from "../me";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { blogCategoriesQuery, blogPostQuery, createPost, deletePost, previewPost, updatePost } from "./api";
import { versionIn } from "./format";
import { PostCover } from "./post-cover";

interface VersionValues {
  title: string;
  slug: string;
  summary: string;
  body_md: string;
}
interface PostValues {
  category_id: string;
  /** Comma separated. */
  tags: string;
  status: BlogStatus;
  /** A `datetime-local` value on the browser's clock. */
  publish_at: string;
  en: VersionValues;
  fr: VersionValues;
}

const emptyVersion: VersionValues = { title: "", slug: "", summary: "", body_md: "" };

function valuesOf(post: AdminBlogPost | undefined, zone: string): PostValues {
  const version = (lang: BlogLanguage): VersionValues => {
    const v = post?.[lang];
    return v ? { title: v.title, slug: v.slug, summary: v.summary, body_md: v.body_md } : emptyVersion;
  };
  return {
    category_id: post?.category ? String(post.category.id) : "",
    tags: (post?.tags ?? []).join(", "),
    status: post?.status ?? "draft",
    publish_at: post?.publish_at ? isoToZonedInput(post.publish_at, zone) : "",
    en: version("en"),
    fr: version("fr"),
  };
}

const catalogueLanguage = (language: string): BlogLanguage => (language.startsWith("fr") ? "fr" : "en");

/** A language is part of the post when any of its fields is written; left empty, it is left out. */
const written = (v: VersionValues) => Object.values(v).some((s) => s.trim() !== "");

function inputOf(v: PostValues, zone: string, saved: string | null | undefined) {
  const version = (x: VersionValues) =>
    written(x)
      ? { title: x.title, slug: x.slug.trim() || undefined, summary: x.summary, body_md: x.body_md }
      : null;
  return {
    category_id: v.category_id ? Number(v.category_id) : null,
    tags: v.tags
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    status: v.status,
    publish_at: publishAt(v.publish_at, zone, saved),
    en: version(v.en),
    fr: version(v.fr),
  };
}

/**
 * The picker's value as an instant read on the browser's clock; the saved instant itself while the
 * picker still shows it (the picker has no seconds, and a save must not move the time). A value
 * that is no time is sent as typed, for the schema to refuse.
 */
function publishAt(value: string, zone: string, saved: string | null | undefined): string | null {
  if (!value) return null;
  if (saved && isoToZonedInput(saved, zone) === value) return saved;
  return zonedInputToIso(value, zone) ?? value;
}

/** The form's field a problem of the body is shown at: "en.slug", "tags", "publish_at". */
const fieldOf = (path: readonly PropertyKey[]): string => {
  const [top, sub] = path;
  if ((top === "en" || top === "fr") && typeof sub === "string") return `${top}.${sub}`;
  return String(top ?? "form");
};

/** /admin/blog/new and /admin/blog/{id}: a post's fields, its two languages, its preview and cover. */
export function BlogPostEditor() {
  const { t, i18n } = useTranslation("admin-blog");
  const { id } = useParams();
  const postId = id ? Number(id) : null;
  const valid = postId !== null && Number.isInteger(postId) && postId > 0;
  const post = useQuery({ ...blogPostQuery(valid ? postId : 0), enabled: valid });
  // The category's select shows the saved one only if its options are there when it mounts.
  const categories = useQuery(blogCategoriesQuery(catalogueLanguage(i18n.language)));
  if ((postId !== null && valid && post.isPending) || categories.isPending)
    return <LoadingState text={t("loading")} />;
  if (postId !== null && (!valid || post.isError || !post.data)) {
    return (
      <>
        <PageHeader title={t("title")} />
        <FormAlert message={errorText(t, post.error)} />
        <Link to="..">{t("back")}</Link>
      </>
    );
  }
  return <PostForm key={postId ?? "new"} post={post.data} />;
}

function PostForm({ post }: { post: AdminBlogPost | undefined }) {
  const { t, i18n } = useTranslation(["admin-blog", "auth"]);
  const lang = i18n.language;
  const can = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const zone = browserTimeZone();
  const editable = post ? can("blog.update") : can("blog.create");
  const form = useSchemaForm<PostValues, typeof BlogPostBodySchema>({
    schema: BlogPostBodySchema,
    defaultValues: valuesOf(post, zone),
    toInput: (v) => inputOf(v, zone, post?.publish_at),
    fieldOf,
  });
  const { register } = form;
  const errorAt = (name: string) =>
    form.getFieldState(name as keyof PostValues, form.formState).error?.message;
  const categories = useQuery(blogCategoriesQuery(catalogueLanguage(lang)));
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const save = useMutation({
    mutationFn: (body: BlogPostBody) => (post ? updatePost(post.id, body) : createPost(body)),
    onMutate: () => setSaved(false),
    onSuccess: async (result) => {
      setSaved(true);
      client.setQueryData(blogPostQuery(result.id).queryKey, result);
      // The form shows what was saved: the slugs the server made, the publish time it decided.
      if (post) form.reset(valuesOf(result, zone));
      await client.invalidateQueries({ queryKey: ["admin", "blog", "posts"] });
      if (!post) void navigate(`../${result.id}`, { relative: "path" });
    },
    onError: (err) => form.showServerErrors(err),
  });
  const remove = useMutation({
    mutationFn: () => deletePost(post!.id),
    onSuccess: async () => {
      client.removeQueries({ queryKey: blogPostQuery(post!.id).queryKey });
      await client.invalidateQueries({ queryKey: ["admin", "blog", "posts"] });
      void navigate("..", { relative: "path" });
    },
  });
  const title = post ? (versionIn(post, lang)?.title ?? t("title")) : t("new");
  const zoneName = `${zone} (${zoneAbbreviation(zone, lang)})`;

  return (
    <>
      <PageHeader
        title={title}
        description={
          post
            ? t("byline", { status: t(`status.${post.status}`), author: post.author })
            : t("newDescription")
        }
        actions={
          <>
            <Link className="button" to="..">
              {t("back")}
            </Link>
            {post && can("blog.delete") && (
              <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
                {t("delete")}
              </button>
            )}
          </>
        }
      />
      <form className="admin-park-form" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
        <fieldset disabled={!editable || save.isPending}>
          <section className="admin-park-section">
            <h2>{t("form.publishing")}</h2>
            <div className="admin-park-grid">
              <SelectField
                label={t("form.status")}
                options={BLOG_STATUSES.map((s) => [s, t(`status.${s}`)] as const)}
                error={errorAt("status")}
                {...register("status")}
              />
              <TextField
                type="datetime-local"
                label={t("form.publishAt")}
                hint={t("form.publishHint", { zone: zoneName })}
                error={errorAt("publish_at")}
                {...register("publish_at")}
              />
              <SelectField
                label={t("form.category")}
                options={[
                  ["", t("form.noCategory")],
                  ...(categories.data?.items ?? []).map((c) => [String(c.id), c.name] as const),
                ]}
                error={errorAt("category_id")}
                {...register("category_id")}
              />
              <TextField
                label={t("form.tags")}
                hint={t("form.tagsHint")}
                error={errorAt("tags")}
                {...register("tags")}
              />
            </div>
          </section>
          <p className="field__hint">{t("form.languagesHint")}</p>
          <div className="blog-languages">
            {BLOG_LANGUAGES.map((l) => (
              <LanguageFields key={l} lang={l} form={form} errorAt={errorAt} />
            ))}
          </div>
          <FormAlert message={form.serverAlert(save.error)} />
          {saved && !save.isPending && (
            <p role="status" className="admin-park-saved">
              {t("saved")}
            </p>
          )}
          {editable && (
            <div className="admin-park-actions">
              <button type="submit" className="button button--accent">
                {save.isPending ? t("saving") : post ? t("save") : t("create")}
              </button>
            </div>
          )}
        </fieldset>
      </form>
      {post ? (
        <PostCover post={post} editable={can("blog.update")} />
      ) : (
        <p className="admin-park-muted">{t("cover.afterCreate")}</p>
      )}
      {post && (
        <ConfirmDialog
          open={deleting}
          title={t("deleteTitle")}
          message={t("deleteMessage", { title })}
          confirmLabel={t("delete")}
          danger
          busy={remove.isPending}
          error={remove.isError ? errorText(t, remove.error) : null}
          onConfirm={() => remove.mutate()}
          onCancel={() => {
            setDeleting(false);
            remove.reset();
          }}
        />
      )}
    </>
  );
}

/** One language's title, slug, summary and Markdown body, with the preview of that body. */
function LanguageFields({
  lang,
  form,
  errorAt,
}: {
  lang: BlogLanguage;
  form: SchemaForm<PostValues, BlogPostBody>;
  errorAt: (name: string) => string | undefined;
}) {
  const { t } = useTranslation(["admin-blog", "auth"]);
  const headingId = useId();
  const { register } = form;
  const preview = useMutation({ mutationFn: (md: string) => previewPost(md) });
  const language = t(`lang.${lang}`);
  return (
    <section className="admin-park-section blog-language" aria-labelledby={headingId}>
      <h2 id={headingId}>{language}</h2>
      <div lang={lang}>
        <TextField
          label={t("form.title")}
          maxLength={BLOG_TITLE_MAX}
          error={errorAt(`${lang}.title`)}
          {...register(`${lang}.title`)}
        />
        <TextField
          label={t("form.slug")}
          hint={t("form.slugHint")}
          maxLength={BLOG_SLUG_MAX}
          error={errorAt(`${lang}.slug`)}
          {...register(`${lang}.slug`)}
        />
        <TextAreaField
          label={t("form.summary")}
          rows={3}
          maxLength={BLOG_SUMMARY_MAX}
          error={errorAt(`${lang}.summary`)}
          {...register(`${lang}.summary`)}
        />
        <TextAreaField
          label={t("form.body")}
          hint={t("form.bodyHint")}
          rows={14}
          maxLength={BLOG_BODY_MAX}
          error={errorAt(`${lang}.body_md`)}
          {...register(`${lang}.body_md`)}
        />
      </div>
      <div className="admin-park-actions">
        <button
          type="button"
          className="button"
          disabled={preview.isPending}
          onClick={() => preview.mutate(form.getValues(`${lang}.body_md`))}
        >
          {preview.isPending ? t("preview.loading") : t("preview.button", { language })}
        </button>
      </div>
      <FormAlert message={preview.isError ? errorText(t, preview.error) : null} />
      {preview.data && (
        <section className="blog-preview" aria-label={t("preview.title", { language })} lang={lang}>
          {/* The server's HTML: Markdown rendered and sanitised against an allow-list by
              POST /admin/blog/preview (decision 034), the same function readers' posts go through;
              never the staff's text itself. */}
          <div dangerouslySetInnerHTML={{ __html: preview.data.html }} />
        </section>
      )}
    </section>
  );
}
