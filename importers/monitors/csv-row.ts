/**
 * One CSV line into cells, forgiving: nmon quotes BBBP text with embedded quotes left
 * unescaped ("DISTRIB_DESCRIPTION="Ubuntu 12.04.1 LTS""), and pcp-dstat leaves a quote open in
 * its Author line. A quote only opens a quoted cell at the start of a cell and only closes it
 * right before a comma or the end of the line; anything else is kept as text.
 */
export function splitCsvRow(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  const n = line.length;
  while (i <= n) {
    if (line[i] === '"') {
      let j = i + 1;
      let cell = '';
      for (;;) {
        const q = line.indexOf('"', j);
        if (q < 0) {
          cell += line.slice(j);
          j = n;
          break;
        }
        if (line[q + 1] === '"' && q + 2 < n && line[q + 2] !== ',') {
          cell += line.slice(j, q) + '"';
          j = q + 2;
          continue;
        }
        if (q + 1 === n || line[q + 1] === ',') {
          cell += line.slice(j, q);
          j = q + 1;
          break;
        }
        cell += line.slice(j, q + 1);
        j = q + 1;
      }
      cells.push(cell);
      i = j + 1;
      continue;
    }
    const comma = line.indexOf(',', i);
    const end = comma < 0 ? n : comma;
    cells.push(line.slice(i, end));
    i = end + 1;
  }
  return cells;
}
