Hello, ${name}!
%{ for x in list ~}
- ${x}
%{ endfor ~}
Total: $${literal} %%{literal}