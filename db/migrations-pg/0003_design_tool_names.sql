-- designToolIntegration records the design tool's name (spec: "name of the last design tool used"), no longer its id.
UPDATE "programs" SET "design_tool_integration" = CASE "design_tool_integration"
  WHEN 'canva' THEN 'Canva'
  WHEN 'photoshop' THEN 'Adobe Photoshop'
  WHEN 'illustrator' THEN 'Adobe Illustrator'
  WHEN 'indesign' THEN 'Adobe InDesign'
END
WHERE "design_tool_integration" IN ('canva', 'photoshop', 'illustrator', 'indesign');
