-- Drives hcl-ls from Neovim's own LSP client (0.7's vim.lsp.start_client):
-- opens a file, waits for diagnostics, edits the buffer (Neovim sends
-- incremental changes), asks for hover, completion, definition, symbols and
-- formatting, and writes what came back, one JSON line per step, to
-- $WORKDIR/result.jsonl. Run headless by client.sh.
local bin = os.getenv("HCL_LS")
local dir = os.getenv("WORKDIR")
local lines = {}
local function record(step, value)
  table.insert(lines, vim.fn.json_encode({ step = step, value = value }))
end

local diagnostics = {}
local client_id = vim.lsp.start_client({
  name = "hcl-ls",
  cmd = { bin },
  root_dir = dir,
  handlers = {
    ["textDocument/publishDiagnostics"] = function(_, result)
      diagnostics[result.uri] = result.diagnostics
    end,
  },
})
if not client_id then
  record("start", "failed")
  vim.fn.writefile(lines, dir .. "/result.jsonl")
  vim.cmd("qa!")
end

vim.cmd("edit " .. dir .. "/main.hcl")
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client_id)
local uri = vim.uri_from_bufnr(buf)
local client = vim.lsp.get_client_by_id(client_id)

local function wait_for(predicate)
  return vim.wait(10000, predicate, 20)
end

wait_for(function() return diagnostics[uri] ~= nil end)
local first = diagnostics[uri] or {}
record("diagnostics-on-open", #first > 0 and first[1].message or "none")

-- Fix the broken line; Neovim sends the change incrementally.
diagnostics[uri] = nil
vim.api.nvim_buf_set_lines(buf, 3, 4, false, { "  port = 8080" })
wait_for(function() return diagnostics[uri] ~= nil end)
record("diagnostics-after-edit", #(diagnostics[uri] or { 1 }))

local function request(method, params)
  local response = client.request_sync(method, params, 10000, buf)
  if not response then
    return "timeout"
  end
  if response.err then
    return "error: " .. vim.inspect(response.err)
  end
  return response.result
end

local function at(line, character)
  return { textDocument = { uri = uri }, position = { line = line, character = character } }
end

local hover = request("textDocument/hover", at(4, 14))
record("hover", hover and hover.contents and hover.contents.value or vim.NIL)

local completion = request("textDocument/completion", at(5, 16))
local labels = {}
for _, item in ipairs(completion or {}) do
  table.insert(labels, item.label)
end
record("completion-after-var", labels)

local definition = request("textDocument/definition", at(5, 17))
record("definition", definition and definition[1] and definition[1].range or vim.NIL)

local symbols = request("textDocument/documentSymbol", { textDocument = { uri = uri } })
local names = {}
for _, s in ipairs(symbols or {}) do
  table.insert(names, s.name)
end
record("symbols", names)

local edits = request("textDocument/formatting", {
  textDocument = { uri = uri },
  options = { tabSize = 2, insertSpaces = true },
})
vim.lsp.util.apply_text_edits(edits or {}, buf, "utf-16")
record("formatted", vim.api.nvim_buf_get_lines(buf, 0, -1, false))

vim.lsp.stop_client(client_id)
vim.fn.writefile(lines, dir .. "/result.jsonl")
vim.cmd("qa!")
