/** Text for an HTML page the server writes: names, records and links are anyone's input, never markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
