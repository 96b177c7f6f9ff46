/**
 * The `sh` examples of markdown (the API reference's pages joined, lib/docs/pages.ts), taken
 * apart so that `npm run docs:examples` can run them verbatim and judge every curl's answer: which
 * commands there are, on which lines of the page, and which answer the page shows for each.
 */

export interface ShBlock {
  /** 1-based, in page order. */
  index: number;
  /** The page's line number of the block's first line of text (after the opening fence). */
  firstLine: number;
  lines: string[];
}

/** One shell command of a block: its lines joined by trailing backslashes. */
export interface ShCommand {
  block: number;
  /** Page line numbers, first and last, inclusive. */
  firstLine: number;
  lastLine: number;
  text: string;
  /** The error code the page shows right after the command (`# {"error":{"code":"…"`), else null: a 2xx is expected. */
  expectedError: string | null;
}

/** One curl the examples made: the page line bash reported for it, its status and its output. */
export interface CurlCall {
  line: number;
  status: number;
  body: string;
}

const FENCE = /^```(\S*)\s*$/;
// The page's way of showing a failing line's answer: a comment holding the error body's start.
const EXPECTED_ERROR = /^#\s*\{"error":\{"code":"([a-z_]+)"/;
const ERROR_CODE = /\{"error":\{"code":"([a-z_]+)"/;

export function shBlocks(markdown: string): ShBlock[] {
  const blocks: ShBlock[] = [];
  let open: ShBlock | null = null;
  let inOtherFence = false;
  markdown.split("\n").forEach((line, i) => {
    const fence = FENCE.exec(line);
    if (open) {
      if (fence && fence[1] === "") {
        blocks.push(open);
        open = null;
      } else {
        open.lines.push(line);
      }
    } else if (fence) {
      if (inOtherFence) inOtherFence = fence[1] !== "";
      else if (fence[1] === "sh") open = { index: blocks.length + 1, firstLine: i + 2, lines: [] };
      else inOtherFence = true;
    }
  });
  if (open) throw new Error(`the sh block ${(open as ShBlock).index} starting on line ${(open as ShBlock).firstLine - 1} is never closed`);
  return blocks;
}

/**
 * The commands of a block, comments and blank lines aside. A command's expectation is the comment
 * on the line right after its last one; the lines of a compound command (`for … done`) are
 * commands of their own, so a curl inside a loop is judged by its own line.
 */
export function shCommands(block: ShBlock): ShCommand[] {
  const commands: ShCommand[] = [];
  for (let i = 0; i < block.lines.length; i++) {
    const line = block.lines[i];
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    const first = i;
    while (block.lines[i].endsWith("\\") && i + 1 < block.lines.length) i++;
    const expected = EXPECTED_ERROR.exec(block.lines[i + 1] ?? "");
    commands.push({
      block: block.index,
      firstLine: block.firstLine + first,
      lastLine: block.firstLine + i,
      text: block.lines.slice(first, i + 1).join("\n"),
      expectedError: expected ? expected[1] : null,
    });
  }
  return commands;
}

/** The command a page line belongs to. */
function commandAt(commands: ShCommand[], line: number): ShCommand | undefined {
  return commands.find((command) => command.firstLine <= line && line <= command.lastLine);
}

/**
 * What went wrong, one sentence each: a curl that failed where the page shows success, a 2xx or
 * another code where it shows an error, an error shown that no curl answered.
 */
export function judgeCalls(commands: ShCommand[], calls: CurlCall[], origin = (line: number) => `docs line ${line}`): string[] {
  const failures: string[] = [];
  const where = (command: ShCommand) => `block ${command.block}, ${origin(command.firstLine)}: ${command.text.split("\n")[0].trim()}`;
  for (const call of calls) {
    const command = commandAt(commands, call.line);
    if (!command) {
      failures.push(`a curl on ${origin(call.line)}, which is no command of an sh block, answered ${call.status}`);
      continue;
    }
    const code = ERROR_CODE.exec(call.body)?.[1] ?? null;
    if (command.expectedError === null) {
      if (call.status < 200 || call.status >= 300) failures.push(`${where(command)}\n  expected a 2xx, got ${call.status || "no answer"}${code ? ` (${code})` : ""}`);
    } else if (call.status < 400 || code !== command.expectedError) {
      failures.push(`${where(command)}\n  expected the error ${command.expectedError}, got ${call.status || "no answer"}${code ? ` (${code})` : ""}`);
    }
  }
  for (const command of commands.filter((c) => c.expectedError !== null)) {
    if (!calls.some((call) => commandAt(commands, call.line) === command)) failures.push(`${where(command)}\n  shows the error ${command.expectedError}, but no curl of it ran`);
  }
  return failures;
}
