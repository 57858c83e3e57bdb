// Heading ids: readable in any script. Hangul, Latin and digits are kept; everything else between
// words becomes one '-'. "재고 조정하기" -> "재고-조정하기", "Create a BOM (v2)" -> "create-a-bom-v2".
export function slugify(text: string): string {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .replace(/<[^>]*>/g, '')
      .replace(/[^\p{L}\p{N}\p{M}_\s-]+/gu, ' ')
      .trim()
      .replace(/[\s_-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}
