-- Neovim's built-in LSP client, headless, against `botwire lsp` (test/lsp/neovim.test.ts):
-- opens a definition, waits for its diagnostics, asks for a completion and writes both
-- as JSON to $BOTWIRE_OUT.
local root = os.getenv('BOTWIRE_ROOT')
local out = os.getenv('BOTWIRE_OUT')
vim.cmd('edit ' .. root .. '/definitions/plugins/digest.yaml')
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({
  name = 'botwire',
  cmd = { os.getenv('BOTWIRE_NODE'), os.getenv('BOTWIRE_CLI'), 'lsp', '--stdio' },
  root_dir = root,
  init_options = { debounce = 20 },
})
vim.lsp.buf_attach_client(buf, id)
vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
local diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  table.insert(diagnostics, { code = code, line = d.lnum, message = d.message })
end
-- complete the value of `$entity: ` on the line that has it
local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
local position = nil
for i, text in ipairs(lines) do
  local at = text:find('notes.nite', 1, true)
  if at then position = { line = i - 1, character = at - 1 } end
end
local labels = {}
local responses = vim.lsp.buf_request_sync(buf, 'textDocument/completion', { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = position }, 20000)
for _, response in pairs(responses or {}) do
  local items = response.result and (response.result.items or response.result) or {}
  for _, item in ipairs(items) do table.insert(labels, item.label) end
end
local file = io.open(out, 'w')
file:write(vim.fn.json_encode({ diagnostics = diagnostics, completion = labels }))
file:close()
vim.lsp.stop_client(id)
vim.cmd('qa!')
