import type { Segment } from '~/features/search/search-terms'

/**
 * Text with the words a search matched in <mark>. Every segment is rendered as React text, so whatever a product's
 * name or description holds ("<script>", say) shows as the characters it is, never as markup.
 */
export function Highlighted({ segments }: { segments: readonly Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one name, fixed for the render
          <mark key={i} className="rounded-sm bg-turmeric-100 px-0.5 text-inherit">
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  )
}
