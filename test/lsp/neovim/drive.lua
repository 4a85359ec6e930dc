-- Drives Neovim's built-in LSP client against `node dist/lsp.js --stdio`: opens a .diagram
-- file, waits for its diagnostics, asks for completion and hover, writes what it got as JSON
-- to $ARCHFLOW_OUT and quits. Written for Neovim 0.7 (Debian's), whose API is
-- vim.lsp.start_client + buf_attach_client (vim.lsp.start arrived in 0.8).
local out = os.getenv('ARCHFLOW_OUT')
local file = os.getenv('ARCHFLOW_FILE')
local result = { diagnostics = {}, errors = {} }

local function finish()
  local f = io.open(out, 'w')
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qa!')
end

local ok, err = pcall(function()
  vim.filetype = vim.filetype or {}
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'archflow'
  local client_id = vim.lsp.start_client({
    name = 'archflow',
    cmd = { os.getenv('ARCHFLOW_NODE'), os.getenv('ARCHFLOW_LSP'), '--stdio' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
    init_options = { diagnosticsDelayMs = 0, locale = 'en' },
  })
  vim.lsp.buf_attach_client(bufnr, client_id)
  result.attached = vim.wait(15000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local code = d.code
    if code == nil and d.user_data and d.user_data.lsp then code = d.user_data.lsp.code end
    table.insert(result.diagnostics, { code = code, lnum = d.lnum, col = d.col, end_col = d.end_col, message = d.message, severity = d.severity })
  end
  local client = vim.lsp.get_client_by_id(client_id)
  local uri = vim.uri_from_bufnr(bufnr)
  local completion = client.request_sync('textDocument/completion', { textDocument = { uri = uri }, position = { line = 2, character = 4 } }, 10000, bufnr)
  result.completion = {}
  if completion and completion.result then
    for _, item in ipairs(completion.result.items or completion.result) do table.insert(result.completion, item.label) end
  end
  local hover = client.request_sync('textDocument/hover', { textDocument = { uri = uri }, position = { line = 3, character = 1 } }, 10000, bufnr)
  result.hover = hover and hover.result and hover.result.contents and hover.result.contents.value or vim.NIL
  client.stop()
  result.stopped = vim.wait(5000, function() return client.is_stopped() end, 50)
end)
if not ok then table.insert(result.errors, tostring(err)) end
finish()
