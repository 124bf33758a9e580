/**
 * Copies text to the clipboard. The Clipboard API needs a secure context (https or localhost); on a
 * plain-http LAN address it is missing, so a hidden textarea and execCommand stand in. Resolves false
 * when neither worked, so the caller can tell the user to copy by hand.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
